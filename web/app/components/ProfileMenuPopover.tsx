import { useRef, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import * as Popover from '@radix-ui/react-popover';
import { Form, Link } from '@remix-run/react';
import { Messages, type CurrentUser } from '@bp/api/contracts';
import { fullName, initials } from '~/lib/user';
import { itemClass } from './ProfileMenu';

/** The account menu once scripts run: a popover, and Log Out asks to confirm in a dialog (loaded after hydration, see ProfileMenu). */
export default function ProfileMenuPopover({ user, productName }: { user: CurrentUser; productName: string }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const firstItemRef = useRef<HTMLAnchorElement>(null);
  const name = fullName(user) || 'My account';

  return (
    <>
      <Popover.Root open={menuOpen} onOpenChange={setMenuOpen}>
        <Popover.Trigger
          ref={triggerRef}
          className="inline-flex items-center gap-2 rounded-full py-1 pl-1 pr-2 hover:bg-current/10 sm:pr-3"
        >
          <span
            aria-hidden="true"
            className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-white text-sm font-semibold text-slate-800 ring-1 ring-black/10"
          >
            {initials(user)}
          </span>
          {/* The name is the button's label; on phones it is read out but not drawn, to save room. */}
          <span className="sr-only max-w-[220px] truncate text-sm font-medium sm:not-sr-only">{name}</span>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="hidden h-4 w-4 sm:block" fill="currentColor">
            <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.06l3.71-3.83a.75.75 0 1 1 1.08 1.04l-4.25 4.39a.75.75 0 0 1-1.08 0L5.21 8.27a.75.75 0 0 1 .02-1.06Z" />
          </svg>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={8}
            aria-label="Account"
            // Radix skips links when choosing the first focus; start on the first item, Change Password.
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              firstItemRef.current?.focus();
            }}
            className="z-50 w-56 rounded-lg border border-slate-200 bg-white p-1.5 text-slate-900 shadow-lg"
          >
            <div className="border-b border-slate-100 px-3 pb-2 pt-1.5">
              <p className="truncate text-sm font-semibold">{name}</p>
              {user.clientName ? <p className="truncate text-xs text-slate-600">{user.clientName}</p> : null}
            </div>
            <ul className="pt-1">
              <li>
                <Link ref={firstItemRef} to="/change-password" className={itemClass} onClick={() => setMenuOpen(false)}>
                  Change Password
                </Link>
              </li>
              <li>
                <button
                  type="button"
                  className={itemClass}
                  onClick={() => {
                    setMenuOpen(false);
                    setConfirmOpen(true);
                  }}
                >
                  Log Out
                </button>
              </li>
            </ul>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>

      <Dialog.Root open={confirmOpen} onOpenChange={setConfirmOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
          <Dialog.Content
            // The popover that opened the dialog is gone by now: give focus back to its trigger.
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              triggerRef.current?.focus();
            }}
            className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 text-slate-900 shadow-xl"
          >
            <Dialog.Title className="text-lg font-semibold">{Messages.areYouSure}</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-slate-700">
              You will be logged out of {productName}.
            </Dialog.Description>
            {/* A full page load after logout, as the spec asks: no state of the old session survives. */}
            <Form method="post" action="/logout" reloadDocument className="mt-6 flex justify-end gap-3">
              <Dialog.Close asChild>
                <button
                  type="button"
                  className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
                >
                  Cancel
                </button>
              </Dialog.Close>
              <button
                type="submit"
                className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
              >
                Yes
              </button>
            </Form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
