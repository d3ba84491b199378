import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { cx } from '~/lib/cx';

/**
 * The hydrated modal: Radix's dialog traps focus, closes on Escape and hides the page from assistive technology.
 * It lives in its own module so that Radix reaches a page only once a dialog is about to open (see Modal).
 */
export default function ModalDialog({
  title,
  description,
  children,
  dismissable,
  onOpenChange,
  focusPanel,
  panelClass,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  dismissable: boolean;
  onOpenChange?: (open: boolean) => void;
  focusPanel: boolean;
  panelClass: string;
}) {
  const block = (event: Event) => {
    if (!dismissable) event.preventDefault();
  };
  return (
    <Dialog.Root open onOpenChange={(next) => (dismissable ? onOpenChange?.(next) : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          onEscapeKeyDown={block}
          onOpenAutoFocus={(event) => {
            if (!focusPanel) return;
            event.preventDefault();
            (event.currentTarget as HTMLElement).focus();
          }}
          onPointerDownOutside={block}
          onInteractOutside={block}
          // Without a description Radix warns; an explicit undefined says there is none on purpose.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cx(panelClass, 'fixed left-1/2 top-1/2 z-50 max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto')}
        >
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description asChild>
              <div className="mt-2 text-sm text-slate-700">{description}</div>
            </Dialog.Description>
          ) : null}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
