import { useId, useState } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import * as Tooltip from '@radix-ui/react-tooltip';
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
 * The 'Benefits Enrollment' dialog of one plan type (document 2 sections 2, 4 and 5): Enroll and Decline
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
              <DisabledDecline className={triggerClass} />
            ) : (
              <Tabs.Trigger value="decline" className={triggerClass}>
                Decline
              </Tabs.Trigger>
            )}
          </Tabs.List>
        ) : (
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

/** A disabled tab cannot be hovered or focused, so the tooltip sits on a focusable wrapper. */
function DisabledDecline({ className }: { className: string }) {
  const id = useId();
  // Not `disabled`: a disabled button takes no focus or hover, so keyboard and mouse users could never
  // read why. The tab stays focusable, says aria-disabled, and the Root ignores a switch to it.
  return (
    <Tooltip.Provider delayDuration={150}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <Tabs.Trigger value="decline" aria-disabled="true" aria-describedby={id} className={cx(className, 'cursor-not-allowed text-slate-500')}>
            Decline
          </Tabs.Trigger>
        </Tooltip.Trigger>
        <span id={id} className="sr-only">
          {EnrollmentMessages.cannotDecline}
        </span>
        <Tooltip.Portal>
          <Tooltip.Content side="bottom" sideOffset={6} className="z-[70] max-w-xs rounded-md bg-slate-900 px-3 py-2 text-sm text-white shadow-lg">
            {EnrollmentMessages.cannotDecline}
            <Tooltip.Arrow className="fill-slate-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Enroll
