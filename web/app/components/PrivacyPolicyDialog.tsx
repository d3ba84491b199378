import { Form, useFetcher, useLocation } from '@remix-run/react';
import { Messages, type CurrentUser } from '@bp/api/contracts';
import { Modal, primaryButtonClass, secondaryButtonClass } from './ui';

const LOGOUT_FORM_ID = 'privacy-logout';

/**
 * Shown to a signed-in person who has not agreed to the current privacy notice.
 * It must be answered: Continue records the agreement, Log Out leaves.
 */
export function PrivacyPolicyDialog({ notice }: { notice: CurrentUser['privacyNotice'] }) {
  const location = useLocation();
  const fetcher = useFetcher();
  return (
    <Modal
      open
      dismissable={false}
      wide
      title={Messages.privacyPolicyTitle}
      description={
        <>
          <p>{Messages.privacyStatement}</p>
          {notice.revisionDate ? <p className="mt-2">Revision date: {notice.revisionDate}</p> : null}
          {notice.mblUrl ? (
            <p className="mt-2">
              <a href={notice.mblUrl} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline underline-offset-4 hover:no-underline">
                Read the full privacy notice
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </p>
          ) : null}
          <p className="mt-3">{Messages.privacyPolicyAgreeHint}</p>
        </>
      }
    >
      <fetcher.Form method="post" action="/privacy-policy" className="mt-6 flex justify-end gap-3">
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <button type="submit" form={LOGOUT_FORM_ID} className={secondaryButtonClass}>
          Log Out
        </button>
        <button type="submit" disabled={fetcher.state !== 'idle'} className={primaryButtonClass}>
          Continue
        </button>
      </fetcher.Form>
      <Form id={LOGOUT_FORM_ID} method="post" action="/logout" reloadDocument hidden />
    </Modal>
  );
}
