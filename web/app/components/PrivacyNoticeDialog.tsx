import * as Dialog from '@radix-ui/react-dialog';
import { Messages, type CurrentUser } from '@bp/api/contracts';
import { linkClass } from './PrivacyNotice';

/** The privacy statement in a dialog, opened from the footer's link (loaded after hydration by PrivacyNotice). */
export default function PrivacyNoticeDialog({ revisionDate }: { revisionDate: CurrentUser['privacyNotice']['revisionDate'] }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger className={linkClass}>Privacy Notice</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 text-slate-900 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Privacy Notice</Dialog.Title>
          <Dialog.Description className="mt-3 text-sm text-slate-700">{Messages.privacyStatement}</Dialog.Description>
          {revisionDate ? (
            <p className="mt-2 text-xs text-slate-600">Revised {revisionDate}</p>
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
