import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Outlet, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { useState } from 'react';
import {
  CommunicationMessages,
  EMAIL_TYPE_LABELS,
  EmailType,
  ProgressFlag,
  ZCampaignProgress,
  ZMessageBoard,
  ZSendEmailsResponse,
  canReceive,
  hasFlag,
  notSetUpWarning,
  SUBJECT_MAX_LENGTH,
  toUsDate,
  type CampaignProgress,
} from '@bp/api/contracts';
import { AddressTabs } from '~/components/AddressTabs';
import { RichTextEditor } from '~/components/RichTextEditor';
import { Alert, inputClass, labelClass, primaryButtonClass, ScrollRegion, secondaryButtonClass, useHydrated } from '~/components/ui';
import { positiveInt } from '~/lib/address';
import { apiCall } from '~/lib/api.server';
import { draftOf } from '~/lib/message-draft';
import { pageTitle } from '~/lib/meta';
import { sitePath } from '~/lib/site';
import { commitSession } from '~/lib/session.server';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';
import { usePollWhile } from '~/lib/use-poll';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Communications') }];

/** The three tabs by their address names. */
const TABS = [
  { key: 'welcome', type: EmailType.Welcome },
  { key: 'invite', type: EmailType.OpenEnrollmentInvite },
  { key: 'custom', type: EmailType.Custom },
] as const;
type TabKey = (typeof TABS)[number]['key'];
const tabOf = (value: string | null) => TABS.find((t) => t.key === value) ?? TABS[0];

/** How often a campaign's progress is asked while it sends. */
const PROGRESS_POLL_MS = 1000;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token } = await requireUser(request, context);
  const caller = { token, request, context };
  const url = new URL(request.url);
  const board = await apiCall(ZMessageBoard, '/message-board', caller);
  if (!board.ok) {
    await throwOnSessionFailure(board);
    throw new Response(CommunicationMessages.serverError, { status: 503 });
  }
  const tab = tabOf(url.searchParams.get('tab'));
  // The campaign just sent (named in the address), else this type's newest one while it is still sending.
  const asked = positiveInt(url.searchParams.get('campaign'));
  let campaign: CampaignProgress | null = board.data.campaigns.find((c) => c.emailType === tab.type && !c.done) ?? null;
  if (asked) {
    const r = await apiCall(ZCampaignProgress, `/campaigns/${asked}`, caller);
    if (r.ok) campaign = r.data;
  }
  return { board: board.data, tab: tab.key as TabKey, campaign };
}

/**
 * POST /send-emails: the chosen employees (or everyone who can receive it), the type of the tab, the custom
 * message and its subject. intent=edit is the preview's Back before scripts load: the form again, as it was.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { token, session } = await requireUser(request, context);
  const url = new URL(request.url);
  const tab = tabOf(url.searchParams.get('tab'));
  const form = await request.formData();
  const draft = draftOf(form);
  if (form.get('intent') === 'edit') return data({ error: null, draft });
  const { all, recipients: ids } = draft;
  if (!all && ids.length === 0) return data({ error: CommunicationMessages.noRecipients, draft }, { status: 400 });
  const periodId = positiveInt(String(form.get('periodId') ?? ''));
  const body = {
    // The server reaches each employee at the address on file; the map keeps the documents' shape.
    recipients: Object.fromEntries(ids.map((id) => [String(id), ''])),
    all,
    emailType: tab.type,
    ...(tab.type === EmailType.Custom ? { comment: draft.comment, subject: draft.subject } : {}),
    ...(periodId ? { periodId } : {}),
  };
  const result = await apiCall(ZSendEmailsResponse, '/send-emails', { method: 'POST', body, token, request, context });
  if (!result.ok) {
    await throwOnSessionFailure(result);
    const message = result.status === 400 ? (result.error.errors?.[0]?.message ?? result.error.message) : CommunicationMessages.serverError;
    return data({ error: message, draft }, { status: result.status });
  }
  const { campaign, alreadyRunning } = result.data;
  session.flash('notice', alreadyRunning ? { type: 'info', text: `The ${EMAIL_TYPE_LABELS[campaign.emailType]} sent earlier is still going out: nothing new was sent.` } : { type: 'success', text: CommunicationMessages.sent });
  return redirect(`/message-board?tab=${tab.key}&campaign=${campaign.id}`, { headers: { 'Set-Cookie': await commitSession(session) } });
}

export default function MessageBoardRoute() {
  const { board, tab, campaign } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  // A new tab or a campaign just sent starts a fresh form (no message or choices left over); the preview dialog
  // (a route of its own) opens over it and leaves it as it was.
  return (
    <>
      <MessageBoard key={`${tab}:${searchParams.get('campaign') ?? ''}`} board={board} tab={tab} campaign={campaign} />
      <Outlet />
    </>
  );
}

function MessageBoard({ board, tab, campaign }: ReturnType<typeof useLoaderData<typeof loader>>) {
  const answer = useActionData<typeof action>();
  const hydrated = useHydrated();
  // The form as it was posted, for a page drawn without scripts (with them, the form never went away).
  const draft = !hydrated && answer ? answer.draft : null;
  const navigation = useNavigation();
  // Only a send says 'Sending…'; the preview is a submission too.
  const sending = navigation.state === 'submitting' && !navigation.formAction?.includes('/message-board/preview');
  const type = tabOf(tab).type;
  const eligible = board.employees.filter((e) => canReceive(type, e));
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set(draft?.recipients ?? []));
  const allChosen = eligible.length > 0 && eligible.every((e) => chosen.has(e.id));
  const toggle = (id: number) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  usePollWhile(campaign !== null && !campaign.done, PROGRESS_POLL_MS);
  const noPeriod = board.openEnrollmentPeriod === null;
  const notSetUp = board.userCounts[2] ?? 0;

  return (
    <section aria-labelledby="page-heading" className="mx-auto max-w-6xl">
      <h1 id="page-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Communications
      </h1>
      {notSetUp > 0 ? (
        <Alert tone="warning" className="mt-4">
          {notSetUpWarning(notSetUp)}
        </Alert>
      ) : null}
      {/* The invite tab is disabled while there is no open enrollment period. */}
      <AddressTabs
        label="Email types"
        tabs={TABS.map((t) => ({ key: t.key, label: EMAIL_TYPE_LABELS[t.type], ...(t.type === EmailType.OpenEnrollmentInvite && noPeriod ? { disabledReason: CommunicationMessages.noPeriod } : {}) }))}
        current={tab}
      />

      {campaign ? <CampaignPanel campaign={campaign} /> : null}

      <Form method="post" className="mt-6 space-y-5">
        {answer?.error ? (
          <Alert tone="error" resetKey={answer}>
            {answer.error}
          </Alert>
        ) : null}
        {type === EmailType.OpenEnrollmentInvite && board.openEnrollmentPeriod ? (
          <>
            <input type="hidden" name="periodId" value={board.openEnrollmentPeriod.id} />
            <p className="text-sm text-slate-700">{`Open enrollment ends on ${board.openEnrollmentPeriod.endDate}.`}</p>
          </>
        ) : null}
        {type === EmailType.Custom ? (
          <>
            <div>
              <label htmlFor="subject" className={labelClass}>
                Subject
              </label>
              <input
                id="subject"
                name="subject"
                type="text"
                maxLength={SUBJECT_MAX_LENGTH}
                defaultValue={draft?.subject}
                placeholder={board.defaultSubject}
                aria-describedby="subject-hint"
                className={inputClass}
              />
              <p id="subject-hint" className="mt-1 text-sm text-slate-700">{`Left empty, it is sent as '${board.defaultSubject}'.`}</p>
            </div>
            <RichTextEditor id="comment" name="comment" label="Message" {...(draft?.comment ? { defaultValue: draft.comment } : {})} />
          </>
        ) : null}
        <ScrollRegion label={`${EMAIL_TYPE_LABELS[type]}: recipients`} className="max-h-[32rem] overflow-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full min-w-[44rem] border-collapse text-sm">
            <caption className="px-4 pt-4 pb-2 text-left text-base font-semibold text-slate-900">{`Recipients (${eligible.length} of ${board.employees.length} can receive it)`}</caption>
            <thead className="bg-slate-50">
              <tr className="border-b border-slate-300 text-left text-slate-800">
                <th scope="col" className="px-3 py-2">
                  <label className="inline-flex items-center gap-2 font-semibold">
                    {/* Before scripts, "all" is sent as such; after, it ticks every box. */}
                    <input
                      type="checkbox"
                      {...(hydrated
                        ? { checked: allChosen, onChange: () => setChosen(allChosen ? new Set() : new Set(eligible.map((e) => e.id))) }
                        : { name: 'all', value: '1', defaultChecked: draft?.all ?? false })}
                      disabled={eligible.length === 0}
                      className="h-4 w-4 rounded border-slate-400"
                    />
                    Select all
                  </label>
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Name
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Email
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Welcome email sent
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Registered
                </th>
                {type === EmailType.OpenEnrollmentInvite ? (
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Invited
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {board.employees.map((e) => {
                const can = canReceive(type, e);
                const name = `${e.lastName}, ${e.firstName}`;
                return (
                  <tr key={e.id} className={can ? '' : 'text-slate-600'}>
                    <td className="px-3 py-2">
                      {can ? (
                        <input
                          type="checkbox"
                          name="recipient"
                          value={e.id}
                          aria-label={`Send to ${name}`}
                          {...(hydrated ? { checked: chosen.has(e.id), onChange: () => toggle(e.id) } : { defaultChecked: chosen.has(e.id) })}
                          className="h-4 w-4 rounded border-slate-400"
                        />
                      ) : (
                        <span className="sr-only">{`${name} cannot receive this email`}</span>
                      )}
                    </td>
                    <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                      {name}
                    </th>
                    <td className="px-3 py-2">{e.email ?? <span className="font-medium text-amber-800">No email address</span>}</td>
                    <td className="px-3 py-2">{hasFlag(e.progressTracking, ProgressFlag.WelcomeEmailSent) ? (toUsDate(e.welcomeEmailSentDate?.slice(0, 10)) ?? 'Yes') : 'No'}</td>
                    <td className="px-3 py-2">{hasFlag(e.progressTracking, ProgressFlag.AccountCreated) ? (toUsDate(e.registrationDate?.slice(0, 10)) ?? 'Yes') : 'No'}</td>
                    {type === EmailType.OpenEnrollmentInvite ? <td className="px-3 py-2">{board.openEnrollmentPeriod?.emails[String(e.id)] ? 'Yes' : 'No'}</td> : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
        <div className="flex flex-wrap justify-end gap-3">
          {/* The preview is a dialog at its own address: the form goes there as it is, with or without scripts. */}
          {type === EmailType.Custom ? (
            <button type="submit" id="preview-email" formAction={sitePath(`/message-board/preview?tab=${tab}`)} disabled={sending} className={secondaryButtonClass}>
              Preview
            </button>
          ) : null}
          <button type="submit" disabled={sending || (hydrated && chosen.size === 0) || (campaign !== null && !campaign.done && campaign.emailType === type)} className={primaryButtonClass}>
            {sending ? 'Sending…' : 'Send emails'}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** A campaign's live progress (sent, failed and pending out of N), then its result with the failures and why. */
function CampaignPanel({ campaign }: { campaign: CampaignProgress }) {
  const label = EMAIL_TYPE_LABELS[campaign.emailType];
  return (
    <section aria-labelledby="campaign-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="campaign-heading" className="text-base font-semibold text-slate-900">
        {campaign.done ? `${label}: finished` : `${label}: sending`}
      </h2>
      <progress max={campaign.total} value={campaign.sent + campaign.failed} aria-labelledby="campaign-heading" className="mt-3 h-2 w-full" />
      <p role="status" className="mt-2 text-sm text-slate-800">
        {`${campaign.sent.toLocaleString('en-US')} sent, ${campaign.failed.toLocaleString('en-US')} failed, ${campaign.pending.toLocaleString('en-US')} pending of ${campaign.total.toLocaleString('en-US')}`}
      </p>
      {campaign.failures.length > 0 ? (
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-red-800" aria-label="Not sent">
          {campaign.failures.map((f) => (
            <li key={f.employeeId}>{`${f.lastName}, ${f.firstName}: ${f.reason}`}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
