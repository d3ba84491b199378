import { lazy, Suspense, useEffect, useLayoutEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { getInputProps, type FieldMetadata } from '@conform-to/react';
import { cx } from '~/lib/cx';
import { FEEDBACK_MS } from '~/lib/site';

// Radix's dialog (with its focus trap and scroll lock) is a tenth of a first visit's script and no page needs it
// before a dialog opens: it is fetched after hydration (preloadModalDialog) and drawn when one opens.
const loadModalDialog = () => import('./ModalDialog');
const ModalDialog = lazy(loadModalDialog);

/** Fetches the dialog module once the page is interactive, so that a first dialog opens without waiting. */
export function preloadModalDialog(): void {
  void loadModalDialog();
}

/** Shared building blocks of the account screens: one look for fields, buttons, alerts and modals. */

export const inputClass =
  'mt-1.5 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-700 disabled:bg-slate-100 disabled:text-slate-500 read-only:bg-slate-50 aria-[invalid=true]:border-red-600';
export const labelClass = 'block text-sm font-medium text-slate-800';
export const primaryButtonClass =
  'inline-flex items-center justify-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButtonClass =
  'inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60';

const noopSubscribe = () => () => {};

/** False during the server render and hydration, true afterwards: lets a screen improve once JavaScript runs. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
}

export function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors || errors.length === 0) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-700">
      {errors[0]}
    </p>
  );
}

/** A labelled text, email or password input of a conform form, with its first error under it. */
export function InputField<Schema, FormSchema extends Record<string, unknown>>({
  meta,
  label,
  type,
  autoComplete,
}: {
  meta: FieldMetadata<Schema, FormSchema, string[]>;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
}) {
  return (
    <div>
      <label htmlFor={meta.id} className={labelClass}>
        {label}
      </label>
      <input
        {...getInputProps(meta, { type })}
        autoComplete={autoComplete}
        {...(type === 'email' ? { autoCapitalize: 'none', spellCheck: false } : {})}
        className={inputClass}
      />
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export type Tone = 'success' | 'error' | 'info' | 'warning';

const TONE_CLASS: Record<Tone, string> = {
  success: 'border-green-200 bg-green-50 text-green-900',
  error: 'border-red-200 bg-red-50 text-red-800',
  info: 'border-brand-100 bg-brand-50 text-brand-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-950',
};

/**
 * An inline message. With `autoHide` a success message disappears after the feedback delay;
 * any other stays until the person acts again (WCAG 2.2.1). A new
 * `resetKey` (e.g. the latest action result) shows it again.
 */
export function Alert({
  tone,
  children,
  id,
  autoHide = false,
  resetKey,
  className,
}: {
  tone: Tone;
  children: ReactNode;
  id?: string;
  autoHide?: boolean;
  resetKey?: unknown;
  className?: string;
}) {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    setHidden(false);
    if (!autoHide || tone !== 'success') return;
    const timer = setTimeout(() => setHidden(true), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [autoHide, tone, resetKey]);
  if (hidden) return null;
  return (
    <p
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx('rounded-md border px-3 py-2 text-sm font-medium', TONE_CLASS[tone], className)}
    >
      {children}
    </p>
  );
}

/** A message floating over the page corner; only a success one hides after the feedback delay (see Alert). */
export function Toast({ tone, text, resetKey }: { tone: Tone; text: string; resetKey?: unknown }) {
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex justify-center px-4 sm:bottom-auto sm:left-auto sm:right-4 sm:top-20 sm:justify-end">
      <Alert tone={tone} autoHide={tone === 'success'} resetKey={resetKey} className="pointer-events-auto max-w-sm shadow-lg">
        {text}
      </Alert>
    </div>
  );
}

/**
 * A modal dialog. `dismissable={false}` ignores Escape and outside clicks (the privacy and session
 * dialogs must be answered). Radix renders dialogs through a portal, which does not exist before
 * hydration, so until then the same content is drawn inline: without JavaScript the forms still work.
 */
// Runs before any passive effect, so it still sees the control that opened the dialog (Radix moves focus
// into the dialog from a passive effect); on the server it does nothing.
const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Focus goes back to the control that opened a dialog when it closes (WCAG 2.4.3). The portal's dialogs
 * open and close with the address, so the opener may have been drawn again meanwhile (Select became
 * Modify): then the link to the same address, or the control with the same id, takes focus. Only when
 * focus was lost (on <body>) after the close, so a dialog that moved focus on purpose keeps its choice.
 */
function useReturnFocus(active: boolean): void {
  useIsomorphicLayoutEffect(() => {
    if (!active) return;
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    const href = opener?.getAttribute('href');
    const id = opener?.id;
    return () => {
      const restore = () => {
        if (document.activeElement && document.activeElement !== document.body) return;
        const target =
          (opener?.isConnected ? opener : null) ??
          (href ? document.querySelector<HTMLElement>(`a[href="${CSS.escape(href)}"]`) : null) ??
          (id ? document.getElementById(id) : null);
        target?.focus();
      };
      // After Radix's own attempt (a timer of its own) and the re-render that the new address brings.
      window.setTimeout(() => window.requestAnimationFrame(restore), 0);
    };
  }, [active]);
}

export function Modal({
  open,
  title,
  description,
  children,
  dismissable = true,
  onOpenChange,
  wide = false,
  xl = false,
  focusPanel = false,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  dismissable?: boolean;
  onOpenChange?: (open: boolean) => void;
  wide?: boolean;
  /** The enrollment, plan summary and compare dialogs carry tables: they take most of the screen. */
  xl?: boolean;
  /**
   * Open with focus on the dialog itself rather than its first field. Radix would otherwise focus the first tabbable
   * element, and when that is an iframe the keys go to the frame's document: Escape would no longer close the dialog.
   */
  focusPanel?: boolean;
}) {
  const hydrated = useHydrated();
  useReturnFocus(open && hydrated);
  if (!open) return null;
  const panel = cx('rounded-xl bg-white p-6 text-slate-900 shadow-xl', xl ? 'max-w-4xl' : wide ? 'max-w-lg' : 'max-w-md');
  // Before hydration, and while Radix's dialog loads, the same panel is drawn in place (a visible dialog
  // whose forms already post without scripts).
  const drawn = (
    <div className="fixed inset-0 z-50 flex items-center justify-center overflow-y-auto bg-slate-900/50 p-4">
      <section role="dialog" aria-modal="true" aria-label={title} aria-busy={hydrated} className={cx(panel, 'w-full')}>
        <h2 className="text-lg font-semibold">{title}</h2>
        {description ? <div className="mt-2 text-sm text-slate-700">{description}</div> : null}
        {children}
      </section>
    </div>
  );
  if (!hydrated) return drawn;
  return (
    <Suspense fallback={drawn}>
      <ModalDialog
        title={title}
        description={description}
        dismissable={dismissable}
        onOpenChange={onOpenChange}
        focusPanel={focusPanel}
        panelClass={panel}
      >
        {children}
      </ModalDialog>
    </Suspense>
  );
}

/** The centred card of the signed-out screens (login, forgot and reset password), drawn without header and footer. */
export function AuthCard({ productName, title, children }: { productName: string; title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-full flex-col items-center justify-center px-4 py-12">
      <div className="w-full max-w-[420px]">
        <p className="text-center text-xl font-semibold tracking-tight text-brand-800">{productName}</p>
        <div className="mt-6 rounded-xl border border-slate-200 bg-white px-6 py-8 shadow-sm sm:px-8">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {children}
        </div>
      </div>
    </div>
  );
}

/** Box of the signed-in account forms (change password, security question). */
export function FormBox({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="form-box-title" className="mx-auto w-full max-w-md rounded-xl border border-slate-200 bg-white px-6 py-8 shadow-sm">
      <h1 id="form-box-title" className="text-xl font-semibold tracking-tight text-slate-900">
        {title}
      </h1>
      {children}
    </section>
  );
}

/**
 * A box that scrolls its content (a wide table, a long list) on its own: focusable, so a keyboard can scroll
 * it (WCAG 2.1.1), named for screen readers, and positioned, so the absolutely placed screen-reader texts
 * inside stay within it instead of widening the page on a phone.
 */
export function ScrollRegion({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={cx('relative rounded-md focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-700', className ?? 'overflow-x-auto')}>
      {children}
    </div>
  );
}
