import { useEffect, useRef } from 'react';
import { Form, useFetcher, useLocation } from '@remix-run/react';
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Messages } from '@bp/api/contracts';
import { ZPasswordPrompt } from '~/lib/account-forms';
import { FieldError, Modal, inputClass, labelClass, primaryButtonClass, secondaryButtonClass } from './ui';

const LOGOUT_FORM_ID = 'session-expired-logout';

/**
 * The session-expired modal: the page stays where it is behind it; the right
 * password revives the session and reloads the page in place, a wrong one shows the server's message.
 * It cannot be dismissed: the only ways out are the password and Logout.
 */
export function SessionExpiredModal({ serverError }: { serverError: string | null }) {
  const location = useLocation();
  const fetcher = useFetcher();
  const busy = fetcher.state !== 'idle';
  const [form, fields] = useForm({
    id: 'session-expired',
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ZPasswordPrompt }),
  });
  const error = fields.password.errors ?? (serverError ? [serverError] : undefined);
  const inputRef = useRef<HTMLInputElement>(null);
  // After a wrong password the page reloads with the message: put the cursor back into the field.
  useEffect(() => {
    if (serverError) inputRef.current?.focus();
  }, [serverError]);

  return (
    <Modal open dismissable={false} title={Messages.sessionExpiredModal}>
      <fetcher.Form method="post" action="/session/verify" {...getFormProps(form)} className="mt-5 space-y-5">
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <div>
          <label htmlFor={fields.password.id} className={labelClass}>
            Password
          </label>
          <input
            {...getInputProps(fields.password, { type: 'password' })}
            ref={inputRef}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? fields.password.errorId : undefined}
            autoComplete="current-password"
            className={inputClass}
          />
          <FieldError id={fields.password.errorId} errors={error} />
        </div>
        <div className="flex justify-end gap-3">
          <button type="submit" form={LOGOUT_FORM_ID} className={secondaryButtonClass}>
            Logout
          </button>
          <button type="submit" disabled={busy} className={primaryButtonClass}>
            Submit
          </button>
        </div>
      </fetcher.Form>
      {/* A separate form (forms cannot nest); the Logout button above submits it through its form attribute. */}
      <Form id={LOGOUT_FORM_ID} method="post" action="/logout" reloadDocument hidden />
    </Modal>
  );
}
