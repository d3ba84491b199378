import * as Dialog from '@radix-ui/react-dialog';
import { Messages, type CurrentUser } from '@bp/api/contracts';

const linkClass = 'rounded-sm font-medium underline underline-offset-4 hover:no-underline';

/**
 * The signed-in 'Privacy Notice' link. Without a notice document configured it opens the privacy
 * statement in a dialog rather than pointing at nothing.
 */
export function PrivacyNotice({ notice }: { notice: CurrentUser['privacyNotice'] }) {
  if (notice.mblUrl) {
    return (
      <a href={notice.mblUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
        Privacy Notice
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <Dialog.Root>
      <Dialog.Trigger className={linkClass}>Privacy Notice</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 text-slate-900 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Privacy Notice</Dialog.Title>
          <Dialog.Description className="mt-3 text-sm text-slate-700">{Messages.privacyStatement}</Dialog.Description>
          {notice.revisionDate ? (
            <p className="mt-2 text-xs text-slate-600">Revised {notice.revisionDate}</p>
          ) : null}
          <div className="mt-6 flex justify-end">
            <Dialog.Close className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800">
              Close
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
