import * as Dialog from '@radix-ui/react-dialog';
import { Messages, type CurrentUser } from '@bp/api/contracts';
import { primaryButtonClass } from '~/components/ui';

/** The info alert of the Employee Profile step; it opens the privacy notice in a modal. */
export function WhyWeCollect({ notice }: { notice: CurrentUser['privacyNotice'] }) {
  return (
    <Dialog.Root>
      <div className="flex items-start gap-3 rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-900">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0" fill="currentColor">
          <path fillRule="evenodd" d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-7-4a1 1 0 1 1-2 0 1 1 0 0 1 2 0ZM9 9a.75.75 0 0 0 0 1.5h.25v3.25a.75.75 0 0 0 1.5 0V9.75A.75.75 0 0 0 10 9H9Z" clipRule="evenodd" />
        </svg>
        <Dialog.Trigger className="rounded-sm text-left font-semibold underline underline-offset-4 hover:no-underline">{Messages.whyWeCollect}</Dialog.Trigger>
      </div>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 text-slate-900 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Privacy Notice</Dialog.Title>
          <Dialog.Description className="mt-3 text-sm text-slate-700">{Messages.privacyStatement}</Dialog.Description>
          {notice.revisionDate ? <p className="mt-2 text-sm text-slate-700">Revision date: {notice.revisionDate}</p> : null}
          {notice.mblUrl ? (
            <p className="mt-2 text-sm">
              <a href={notice.mblUrl} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-800 underline underline-offset-4 hover:no-underline">
                Read the full privacy notice<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </p>
          ) : null}
          <div className="mt-6 flex justify-end">
            <Dialog.Close className={primaryButtonClass}>Close</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
