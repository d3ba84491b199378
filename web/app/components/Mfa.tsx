import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Form, useNavigation } from '@remix-run/react';
import { ZMfaCodeRequest, type MfaSetup } from '@bp/api/contracts';
import { Alert, InputField, primaryButtonClass } from '~/components/ui';

/**
 * An authenticator to scan: the QR code, and its key for apps that cannot scan. The SVG is
 * the server's own rendering of the otpauth URL (qrcode), so it carries no markup from anyone's input.
 */
export function AuthenticatorSetup({ setup }: { setup: MfaSetup }) {
  return (
    <div className="mt-5 space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password…).</li>
        <li>Scan this QR code, or enter the key below.</li>
        <li>Enter the six-digit code the app shows.</li>
      </ol>
      <div
        role="img"
        aria-label="QR code to add this account to your authenticator app"
        data-testid="mfa-qr"
        className="mx-auto h-48 w-48 [&>svg]:h-full [&>svg]:w-full"
        dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
      />
      <div>
        <p className="text-sm font-medium text-slate-800" id="mfa-key-label">
          Key
        </p>
        <code aria-labelledby="mfa-key-label" data-testid="mfa-secret" className="mt-1 block break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900">
          {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
        </code>
      </div>
    </div>
  );
}

/** The code form of the sign-in's second step and of confirming a new authenticator. */
export function MfaCodeForm({
  id,
  intent,
  lastResult,
  label,
  submitLabel,
}: {
  id: string;
  intent: string;
  lastResult: SubmissionResult<string[]> | undefined;
  label: string;
  submitLabel: string;
}) {
  const submitting = useNavigation().state === 'submitting';
  const [form, fields] = useForm({
    id,
    lastResult,
    constraint: getZodConstraint(ZMfaCodeRequest),
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ZMfaCodeRequest }),
  });
  const formError = form.errors?.[0] ?? null;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-5 space-y-5">
      {formError ? (
        <Alert tone="error" id={form.errorId}>
          {formError}
        </Alert>
      ) : null}
      <input type="hidden" name="intent" value={intent} />
      <InputField meta={fields.code} label={label} type="text" autoComplete="one-time-code" />
      <button type="submit" disabled={submitting} className={`${primaryButtonClass} w-full justify-center`}>
        {submitLabel}
      </button>
    </Form>
  );
}

/** The ten recovery codes of a new authenticator: shown this once, never again. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section aria-labelledby="recovery-codes-title" className="rounded-xl border border-amber-300 bg-amber-50 px-5 py-5">
      <h2 id="recovery-codes-title" className="text-lg font-semibold text-amber-950">
        Save your recovery codes
      </h2>
      <p className="mt-1 text-sm text-amber-950">
        Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only now.
      </p>
      <ul data-testid="recovery-codes" className="mt-3 grid grid-cols-1 gap-2 font-mono text-base text-slate-900 sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-white px-3 py-1.5">
            {code}
          </li>
        ))}
      </ul>
    </section>
  );
}
