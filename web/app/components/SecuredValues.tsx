import { forwardRef, useEffect, useId, useRef, useState, type ButtonHTMLAttributes } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useActionData, useFetcher } from '@remix-run/react';
import { Messages } from '@bp/api/contracts';
import type { UnlockResult } from '~/lib/secured.server';
import { FieldError, inputClass, labelClass, primaryButtonClass, secondaryButtonClass, useHydrated } from './ui';

export interface SecuredItem {
  /** Key of the value in the unlock answer (e.g. 'ssn'). */
  key: string;
  label: string;
  /** What shows while locked. */
  masked: string;
  format?: (clear: string) => string;
}

/**
 * Secured data behind a lock: masked until the person
 * re-enters the password, Hide locks it again. Test users and impersonating sessions reveal without a
 * prompt (`skipPrompt`). The values live only in this component's state: nothing is cached or kept in
 * the URL, and leaving the page forgets them. `action` is the route whose action unlocks (it answers an
 * {@link UnlockResult}); without JavaScript the same form posts there as a normal page submission.
 */
export function SecuredValues({ items, skipPrompt, action }: { items: SecuredItem[]; skipPrompt: boolean; action?: string }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<UnlockResult>();
  const pageResult = useActionData<UnlockResult>();
  // A page submission (no JavaScript) arrives with the values already: draw them in the server render.
  const [values, setValues] = useState<Record<string, string | null> | null>(() => pageResult?.values ?? null);
  const [promptOpen, setPromptOpen] = useState(false);
  const [clientError, setClientError] = useState<string | null>(null);
  const lockRef = useRef<HTMLButtonElement>(null);
  const passwordId = useId();

  const result = fetcher.data ?? pageResult;
  useEffect(() => {
    if (result?.values) {
      setValues(result.values);
      setPromptOpen(false);
    }
  }, [result]);

  const busy = fetcher.state !== 'idle';
  const serverError = result && !result.values ? result.error : null;
  const error = clientError ?? serverError;

  const list = (
    <dl className="grid gap-4 sm:grid-cols-2">
      {items.map((item) => {
        const clear = values?.[item.key];
        return (
          <div key={item.key}>
            <dt className="text-sm font-medium text-slate-600">{item.label}</dt>
            <dd className="mt-1 font-mono text-slate-900">
              {values ? (clear ? (item.format ? item.format(clear) : clear) : '—') : <span aria-label={`${item.label} hidden`}>{item.masked}</span>}
            </dd>
          </div>
        );
      })}
    </dl>
  );

  if (values) {
    return (
      <div>
        {list}
        <button
          type="button"
          onClick={() => {
            setValues(null);
            // Focus would otherwise fall to the page body when the Hide button disappears.
            requestAnimationFrame(() => lockRef.current?.focus());
          }}
          className={`${secondaryButtonClass} mt-4`}
        >
          Hide
        </button>
      </div>
    );
  }

  const passwordField = (
    <div>
      <label htmlFor={passwordId} className={labelClass}>
        Password
      </label>
      <input
        id={passwordId}
        name="password"
        type="password"
        autoComplete="current-password"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${passwordId}-error` : undefined}
        onInput={() => setClientError(null)}
        className={inputClass}
      />
      <FieldError id={`${passwordId}-error`} errors={error ? [error] : undefined} />
    </div>
  );

  // Without JavaScript there is no dialog: the prompt is drawn under the values as a plain form.
  if (!hydrated) {
    return (
      <div>
        {list}
        <fetcher.Form method="post" action={action} className="mt-4 flex flex-wrap items-end gap-3">
          {skipPrompt ? null : <div className="min-w-56 flex-1">{passwordField}</div>}
          <button type="submit" className={primaryButtonClass}>
            Show
          </button>
        </fetcher.Form>
      </div>
    );
  }

  return (
    <div>
      {list}
      {skipPrompt ? (
        <fetcher.Form method="post" action={action} className="mt-4">
          <LockButton ref={lockRef} busy={busy} type="submit" />
        </fetcher.Form>
      ) : (
        <Dialog.Root
          open={promptOpen}
          onOpenChange={(open) => {
            setPromptOpen(open);
            setClientError(null);
          }}
        >
          <Dialog.Trigger asChild>
            <LockButton ref={lockRef} busy={busy} type="button" />
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
            <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 text-slate-900 shadow-xl">
              <Dialog.Title className="text-lg font-semibold">{Messages.passwordPromptTitle}</Dialog.Title>
              <Dialog.Description className="mt-2 text-sm text-slate-700">{Messages.passwordPromptText}</Dialog.Description>
              <fetcher.Form
                method="post"
                action={action}
                noValidate
                onSubmit={(event) => {
                  const password = new FormData(event.currentTarget).get('password');
                  if (typeof password !== 'string' || password.length === 0) {
                    event.preventDefault();
                    setClientError(Messages.fieldRequired);
                  }
                }}
                className="mt-5 space-y-5"
              >
                {passwordField}
                <div className="flex justify-end gap-3">
                  <Dialog.Close asChild>
                    <button type="button" className={secondaryButtonClass}>
                      Cancel
                    </button>
                  </Dialog.Close>
                  <button type="submit" disabled={busy} className={primaryButtonClass}>
                    Submit
                  </button>
                </div>
              </fetcher.Form>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      )}
    </div>
  );
}

/** The lock control; forwards its ref so the dialog can use it as its trigger and focus can return to it. */
const LockButton = forwardRef<HTMLButtonElement, { busy: boolean } & ButtonHTMLAttributes<HTMLButtonElement>>(function LockButton(
  { busy, ...rest },
  ref,
) {
  return (
    <button ref={ref} disabled={busy} className={`${secondaryButtonClass} mt-4 gap-2`} {...rest}>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
        <path
          fillRule="evenodd"
          d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z"
          clipRule="evenodd"
        />
      </svg>
      Show secured data
    </button>
  );
});
