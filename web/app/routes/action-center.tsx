import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useNavigate, useSearchParams, useActionData } from '@remix-run/react';
import {
  approveBlockedReason,
  CensusMessages,
  OPTION_LISTS,
  ZActionApproval,
  ZActionApprovalRequest,
  ZActionList,
  ZLifeEventDecision,
  ZPendingLifeEventList,
  LifeEventMessages,
} from '@bp/api/contracts';
import { Alert, Modal, secondaryButtonClass, Toast } from '~/components/ui';
import { SignatureForm } from '~/components/wizard/SignatureStep';
import { apiCall } from '~/lib/api.server';
import { commitSession } from '~/lib/session.server';
import { z } from 'zod';
import { pageTitle } from '~/lib/meta';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';
import { positiveInt, useWithParams } from '~/lib/address';
import { usePollWhile } from '~/lib/use-poll';
import { ActionFilters } from '~/components/action-center/ActionFilters';
import { ActionsTable } from '~/components/action-center/ActionsTable';
import { FormsDialog, SigningOverlay } from '~/components/action-center/ApprovalDialogs';
import { LifeEvents } from '~/components/action-center/LifeEvents';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Action Center') }];

/** How often the wait overlay asks how far the signing job is. */
const SIGNING_POLL_MS = 1000;

/** What the Approve buttons name: an employee's actions, narrowed to a plan type or an onboarding document. */
interface ApproveTarget {
  employeeId: number;
  planTypeId: number | null;
  onboardingId: number | null;
}

function parseTarget(value: string | null): ApproveTarget | null {
  const m = /^(\d{1,10})(?::(t|o)(\d{1,10}))?$/.exec(value ?? '');
  if (!m) return null;
  const employeeId = positiveInt(m[1]!);
  if (employeeId === null) return null;
  return { employeeId, planTypeId: m[2] === 't' ? positiveInt(m[3]!) : null, onboardingId: m[2] === 'o' ? positiveInt(m[3]!) : null };
}

/**
 * The Action Center. Filters, the dialogs and the signing in progress are
 * named in the address (`employeeId`, `planTypeId`, `employee`, `forms`, `approve`, `approval`), so every
 * step works before scripts load and can be reloaded.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token } = await requireUser(request, context);
  const url = new URL(request.url);
  const caller = { token, request, context };
  const employeeId = positiveInt(url.searchParams.get('employeeId'));
  const planTypeId = positiveInt(url.searchParams.get('planTypeId'));
  const approvalId = positiveInt(url.searchParams.get('approval'));
  const filtered = new URLSearchParams({ ...(employeeId ? { employeeId: String(employeeId) } : {}), ...(planTypeId ? { planTypeId: String(planTypeId) } : {}) });
  const [all, list, approval, lifeEvents] = await Promise.all([
    apiCall(ZActionList, '/actions', caller),
    apiCall(ZActionList, `/actions?${filtered.toString()}`, caller),
    approvalId ? apiCall(ZActionApproval, `/actions/approvals/${approvalId}`, caller) : null,
    apiCall(ZPendingLifeEventList, '/life-events', caller),
  ]);
  for (const r of [all, list]) {
    if (!r.ok) {
      await throwOnSessionFailure(r);
      throw new Response('The actions could not be loaded', { status: 503 });
    }
  }
  if (approval?.ok && approval.data.status === 'done') {
    // Signed: back to the list, which no longer holds the approved actions.
    const next = new URLSearchParams(url.searchParams);
    next.delete('approval');
    next.set('done', 'approved');
    throw redirect(`/action-center?${next.toString()}`);
  }
  const actions = list.ok ? list.data : [];
  const everyone = all.ok ? all.data : [];
  const employees = [...new Map(everyone.map((a) => [a.employeeId, { id: a.employeeId, name: `${a.lastName}, ${a.firstName}` }])).values()];
  if (employeeId && !employees.some((e) => e.id === employeeId)) {
    // Nothing of theirs is pending (just approved, say): the filter stays on them and says so, instead of
    // falling back to 'All' over an empty list. Their name comes from their approved actions.
    const theirs = await apiCall(ZActionList, `/actions?employeeId=${employeeId}&status=all`, caller);
    const one = theirs.ok ? theirs.data[0] : undefined;
    if (one) employees.push({ id: one.employeeId, name: `${one.lastName}, ${one.firstName}` });
  }
  const planTypes = [...new Set(everyone.flatMap((a) => (a.planTypeId === null ? [] : [a.planTypeId])))].sort((a, b) => a - b);
  const focus = positiveInt(url.searchParams.get('employee'));
  return {
    actions,
    employees,
    planTypes: planTypes.map((id) => ({ id, text: OPTION_LISTS.planType.find((o) => o.id === id)?.text ?? `Plan type ${id}` })),
    filters: { employeeId, planTypeId },
    focus,
    approve: parseTarget(url.searchParams.get('approve')),
    forms: positiveInt(url.searchParams.get('forms')),
    signing: approval?.ok ? approval.data : null,
    approvalFailed: approval !== null && (!approval.ok || approval.data.status === 'failed'),
    lifeEvents: lifeEvents.ok ? lifeEvents.data : [],
    rejecting: positiveInt(url.searchParams.get('reject')),
  };
}

/** Approve: POST /actions with HR's signature, then the wait overlay follows the signing job. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { token, session } = await requireUser(request, context);
  const url = new URL(request.url);
  const formData = await request.formData();
  if (formData.get('screen') === 'lifeEvent') {
    // A life event: approve, or reject with the reason the employee is told.
    const id = positiveInt(String(formData.get('lifeEventId') ?? ''));
    const decision = ZLifeEventDecision.safeParse({ approve: formData.get('decision') === 'approve', reason: formData.get('reason') ?? undefined });
    if (!id || !decision.success) return data({ error: decision.success ? LifeEventMessages.notFound : (decision.error.issues[0]?.message ?? CensusMessages.approvingFailed) }, { status: 400 });
    const decided = await apiCall(z.object({ status: z.enum(['approved', 'rejected']) }), `/life-events/${id}`, { method: 'POST', body: decision.data, token, request, context });
    if (!decided.ok) {
      await throwOnSessionFailure(decided);
      return data({ error: decided.error.errors?.[0]?.message ?? decided.error.message }, { status: decided.status });
    }
    session.flash('notice', { type: 'success', text: decided.data.status === 'approved' ? LifeEventMessages.approved : LifeEventMessages.rejected });
    return redirect('/action-center', { headers: { 'Set-Cookie': await commitSession(session) } });
  }
  const target = parseTarget(url.searchParams.get('approve'));
  const parsed = ZActionApprovalRequest.safeParse({ ...target, signature: formData.get('signature') });
  if (!target || !parsed.success) return data({ error: parsed.success ? CensusMessages.approvingFailed : (parsed.error.issues[0]?.message ?? CensusMessages.approvingFailed) }, { status: 400 });
  const result = await apiCall(ZActionApproval, '/actions', { method: 'POST', body: parsed.data, token, request, context });
  if (!result.ok) {
    await throwOnSessionFailure(result);
    return data({ error: CensusMessages.approvingFailed }, { status: result.status });
  }
  const next = new URLSearchParams(url.searchParams);
  next.delete('approve');
  next.set('approval', String(result.data.id));
  return redirect(`/action-center?${next.toString()}`);
}

export default function ActionCenterRoute() {
  const { actions, employees, planTypes, filters, focus, approve, forms, signing, approvalFailed, lifeEvents, rejecting } = useLoaderData<typeof loader>();
  const approveBlocked = approveBlockedReason(filters, actions.length);
  const answer = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const withParams = useWithParams();
  const close = (key: string) => () => navigate(withParams({ [key]: null }), { preventScrollReset: true });

  // The overlay stays until the job reports done (the loader then leaves the page) or failed.
  usePollWhile(signing?.status === 'signing', SIGNING_POLL_MS);

  const focusName = focus ? employees.find((e) => e.id === focus)?.name : undefined;

  return (
    <section aria-labelledby="page-heading" className="mx-auto max-w-6xl">
      <h1 id="page-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Action Center
      </h1>
      {searchParams.get('done') === 'approved' ? <Toast tone="success" text="Actions approved and their forms signed." resetKey="approved" /> : null}
      {lifeEvents.length > 0 ? <LifeEvents events={lifeEvents} rejecting={rejecting} /> : null}
      {approvalFailed || answer?.error ? (
        <Alert tone="error" className="mt-4">
          {answer?.error ?? CensusMessages.approvingFailed}
        </Alert>
      ) : null}

      {focus ? (
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
          <Link to={withParams({ employee: null })} className={secondaryButtonClass}>
            Back
          </Link>
          <h2 className="text-lg font-semibold text-slate-900">{focusName ?? ''}</h2>
        </div>
      ) : (
        <ActionFilters filters={filters} employees={employees} planTypes={planTypes} approveBlocked={approveBlocked} />
      )}

      <ActionsTable actions={actions} focus={focus} filters={filters} />

      {forms ? <FormsDialog action={actions.find((a) => a.id === forms)} /> : null}

      {approve && !signing ? (
        <Modal open title="Approve" wide xl onOpenChange={close('approve')}>
          <SignatureForm
            title="HR signature"
            instructions="Your signature, name and today's date are stamped onto every form of the approved actions, and the signed copies are kept in the employee's files."
            error={answer?.error ?? null}
            backTo={withParams({ approve: null })}
            screen="approve"
          />
        </Modal>
      ) : null}

      {signing && signing.status === 'signing' ? <SigningOverlay signing={signing} /> : null}
    </section>
  );
}
