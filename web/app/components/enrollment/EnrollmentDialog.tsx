import { useId, useState } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { Link, useNavigate } from '@remix-run/react';
import type { SubmissionResult } from '@conform-to/react';
import { EnrollmentMessages } from '@bp/api/contracts';
import { Alert, Modal, useHydrated } from '~/components/ui';
import { cx } from '~/lib/cx';
import type { DialogTab } from '~/lib/enrollment-rules';
import type { EnrollDialogData } from '~/lib/enrollment.server';
import { DeclineForm } from './DeclineForm';
import { EnrollForm } from './EnrollForm';

/**
 * The 'Benefits Enrollment' dialog of one plan type: Enroll and Decline
 * tabs, the plan list, the type's form and the live contribution. It is open while the address says so
 * (?enroll=), so both forms also work as plain page forms without JavaScript.
 */
export function EnrollmentDialog({
  data,
  closeTo,
  compareTo,
  tabTo,
  message,
  declineResult,
}: {
  data: EnrollDialogData;
  closeTo: string;
  compareTo: string | null;
  tabTo: (tab: DialogTab) => string;
  /** A refused election: the API's message. */
  message: string | null;
  declineResult: SubmissionResult<string[]> | undefined;
}) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [tab, setTab] = useState<DialogTab>(data.tab);
  const { enrollment } = data;
  const declineDisabled = !enrollment.declineAllowed;
  const declineReasonId = useId();

  const triggerClass =
    'rounded-t-md border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-700 hover:text-slate-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800 disabled:cursor-not-allowed disabled:text-slate-500';

  return (
    <Modal open xl title="Benefits Enrollment" onOpenChange={(open) => (open ? undefined : navigate(closeTo, { preventScrollReset: true }))}>
      <p className="mt-1 text-sm font-medium text-slate-700">{enrollment.planType}</p>
      {message ? (
        <Alert tone="error" className="mt-3">
          {message}
        </Alert>
      ) : null}
      <Tabs.Root
        value={tab}
        // The Decline tab cannot be chosen while declining is not allowed (it only explains why).
        onValueChange={(v) => setTab(v === 'decline' && !declineDisabled ? 'decline' : 'enroll')}
        activationMode="manual"
        className="mt-4"
      >
        {hydrated ? (
          <Tabs.List aria-label="Enroll or decline" className="flex gap-2 border-b border-slate-200">
            <Tabs.Trigger value="enroll" className={triggerClass}>
              Enroll
            </Tabs.Trigger>
            {declineDisabled ? (
              <DisabledDecline className={triggerClass} reasonId={declineReasonId} />
            ) : (
              <Tabs.Trigger value="decline" className={triggerClass}>
                Decline
              </Tabs.Trigger>
            )}
          </Tabs.List>
        ) : null}
        {hydrated && declineDisabled ? (
          // Visible to everyone, not only read out: why Decline cannot be chosen.
          <p id={declineReasonId} className="mt-2 flex gap-2 rounded-md bg-slate-100 px-3 py-2 text-xs text-slate-800">
            <LockIcon />
            <span>{EnrollmentMessages.cannotDecline}</span>
          </p>
        ) : null}
        {hydrated ? null : (
          // Without JavaScript the tabs are addresses.
          <nav aria-label="Enroll or decline" className="flex gap-2 border-b border-slate-200">
            <Link to={tabTo('enroll')} aria-current={tab === 'enroll' ? 'page' : undefined} className={cx(triggerClass, tab === 'enroll' && 'border-brand-700 text-brand-800')}>
              Enroll
            </Link>
            {declineDisabled ? (
              <span className={cx(triggerClass, 'text-slate-500')}>
                Decline <span className="block text-xs font-normal">{EnrollmentMessages.cannotDecline}</span>
              </span>
            ) : (
              <Link to={tabTo('decline')} aria-current={tab === 'decline' ? 'page' : undefined} className={cx(triggerClass, tab === 'decline' && 'border-brand-700 text-brand-800')}>
                Decline
              </Link>
            )}
          </nav>
        )}
        <Tabs.Content value="enroll" className="pt-4">
          <EnrollForm data={data} closeTo={closeTo} compareTo={compareTo} />
        </Tabs.Content>
        {declineDisabled ? null : (
          <Tabs.Content value="decline" className="pt-4">
            <DeclineForm data={data} closeTo={closeTo} lastResult={declineResult} />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </Modal>
  );
}

/**
 * The Decline tab while declining is not allowed: it looks disabled (greyed, struck through, a lock) and
 * is described by the visible reason under the tabs. Not `disabled`: a disabled button takes no focus, so
 * a keyboard user could not reach it to hear why; it says aria-disabled and the Root ignores a switch to it.
 */
function DisabledDecline({ className, reasonId }: { className: string; reasonId: string }) {
  return (
    <Tabs.Trigger value="decline" aria-disabled="true" aria-describedby={reasonId} className={cx(className, 'flex cursor-not-allowed items-center gap-1.5 text-slate-500 line-through hover:text-slate-500')}>
      <LockIcon />
      Decline
    </Tabs.Trigger>
  );
}

function LockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3.5 w-3.5 shrink-0" fill="currentColor">
      <path fillRule="evenodd" d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z" clipRule="evenodd" />
    </svg>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Enroll
