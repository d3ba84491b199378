import { useState } from 'react';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigate, useParams, useRouteLoaderData, useSearchParams } from '@remix-run/react';
import {
  CensusMessages,
  fullName,
  Messages,
  OPTION_LISTS,
  TERMINATION_QUALIFYING_EVENT_IDS,
  ZTerminationRequest,
  ZTerminationResponse,
  ZTerminationReview,
  ZTerminationReviewQuery,
  type TerminationReview,
} from '@bp/api/contracts';
import { Alert, inputClass, labelClass, Modal, primaryButtonClass, ScrollRegion, secondaryButtonClass } from '~/components/ui';
import { SignatureForm } from '~/components/wizard/SignatureStep';
import { positiveInt } from '~/lib/address';
import { apiCall } from '~/lib/api.server';
import { pageTitle } from '~/lib/meta';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';
import { censusAt } from '~/lib/census-address';
import type { loader as employeeLoader } from './employees-census.$employeeId';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches, params }) => [{ title: pageTitle(matches, params.step === 'review' ? 'Review the termination' : params.step === 'sign' ? 'Sign the termination' : 'Terminate') }];

/**
 * Terminate: three steps, each a dialog at its own address
 * over the census so it works before scripts load: the details, the review of what will change (the API's
 * answer from the same rules as the termination), then HR's signature, which terminates. The details travel in
 * the address from step to step; the notes are asked with the signature, so they never do.
 */
const STEPS = ['details', 'review', 'sign'] as const;
type Step = (typeof STEPS)[number];
/** The details a step carries in the address. */
const DETAIL_FIELDS = ['terminationDate', 'qualifyingEventId', 'cobraElection', 'totalDisability', 'disabilityStartDate'] as const;

/** The employee's census page at the same address (its tab and the list's filters), without the termination's details. */
function backTo(search: URLSearchParams, employeeId: number | null, change: Record<string, string> = {}): string {
  const params = new URLSearchParams(search);
  for (const k of DETAIL_FIELDS) params.delete(k);
  for (const [k, v] of Object.entries(change)) params.set(k, v);
  return censusAt(params, employeeId);
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  const url = new URL(request.url);
  const employeeId = positiveInt(params.employeeId ?? null);
  const step = STEPS.find((s) => s === params.step);
  if (!user.permissions.includes('employees:update') || employeeId === null || employeeId === user.employeeId) throw redirect(backTo(url.searchParams, employeeId));
  if (!step) throw redirect(`/employees-census/${employeeId}/terminate/details?${url.searchParams.toString()}`);
  const values = Object.fromEntries(DETAIL_FIELDS.map((k) => [k, url.searchParams.get(k) ?? '']));
  if (step === 'details') return { step, values, error: null, review: null };
  // The review and the signature both stand on details the API accepts; otherwise the details again, with why.
  const parsed = ZTerminationReviewQuery.safeParse(Object.fromEntries(DETAIL_FIELDS.flatMap((k) => (url.searchParams.has(k) ? [[k, url.searchParams.get(k)]] : []))));
  if (!parsed.success) return data({ step: 'details' as Step, values, error: { message: parsed.error.issues[0]?.message ?? CensusMessages.employeeTerminationFailed, field: String(parsed.error.issues[0]?.path[0] ?? '') }, review: null }, { status: 400 });
  const query = new URLSearchParams(DETAIL_FIELDS.flatMap((k) => (url.searchParams.has(k) ? [[k, url.searchParams.get(k) ?? '']] : [])));
  const review = await apiCall(ZTerminationReview, `/employees/${employeeId}/termination-review?${query.toString()}`, { token, request, context });
  if (!review.ok) {
    await throwOnSessionFailure(review);
    const fieldError = review.error.errors?.[0];
    return data(
      { step: 'details' as Step, values, error: { message: fieldError?.message ?? review.error.message ?? CensusMessages.employeeTerminationFailed, field: fieldError?.path ?? '' }, review: null },
      { status: review.status >= 400 && review.status < 600 ? review.status : 500 },
    );
  }
  return { step, values, error: null, review: review.data };
}

/** The signature step's Terminate: PUT /employees/{id}/terminate, parsed with the contracts' schema first. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token } = await requireUser(request, context);
  const url = new URL(request.url);
  const employeeId = positiveInt(params.employeeId ?? null);
  if (employeeId === null || params.step !== 'sign') return data({ error: Messages.noEmployeeFound }, { status: 404 });
  const parsed = ZTerminationRequest.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? CensusMessages.employeeTerminationFailed }, { status: 400 });
  const result = await apiCall(ZTerminationResponse, `/employees/${employeeId}/terminate`, { method: 'PUT', body: parsed.data, token, request, context });
  if (!result.ok) {
    await throwOnSessionFailure(result);
    return data({ error: result.error.errors?.[0]?.message ?? result.error.message ?? CensusMessages.employeeTerminationFailed }, { status: result.status >= 400 && result.status < 600 ? result.status : 500 });
  }
  return redirect(backTo(url.searchParams, employeeId, { done: 'terminated' }));
}

export default function TerminateDialog() {
  const { step, values, error, review } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const employee = useRouteLoaderData<typeof employeeLoader>('routes/employees-census.$employeeId');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const employeeId = positiveInt(useParams().employeeId ?? null);
  const profile = employee?.selectedId === employeeId ? employee.detail?.profile : undefined;
  // The census under the dialog says when the employee is not there ('No employee found!').
  if (!profile) return null;
  const closeTo = backTo(searchParams, employeeId);
  const stepTo = (s: Step) => `/employees-census/${employeeId}/terminate/${s}?${searchParams.toString()}`;
  const name = fullName(profile);
  return (
    <Modal open wide xl title={`Terminate ${name}`} onOpenChange={(open) => (open ? undefined : navigate(closeTo, { preventScrollReset: true }))}>
      <p className="mt-1 text-sm text-slate-600">{`Step ${STEPS.indexOf(step) + 1} of 3: ${step === 'details' ? 'Details' : step === 'review' ? 'Review what will change' : 'Sign'}`}</p>
      {step === 'details' ? (
        <DetailsStep values={values} error={error} searchParams={searchParams} closeTo={closeTo} reviewTo={`/employees-census/${employeeId}/terminate/review`} />
      ) : review && step === 'review' ? (
        <>
          <TerminationReviewList review={review} />
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Link to={stepTo('details')} preventScrollReset className={secondaryButtonClass}>
              Back
            </Link>
            <Link to={stepTo('sign')} preventScrollReset className={primaryButtonClass}>
              Continue to signature
            </Link>
          </div>
        </>
      ) : review ? (
        <SignatureForm
          title="HR signature"
          instructions={`Signing terminates ${name} as reviewed. This cannot be undone. Sign in the box, or type your full name below it.`}
          error={answer?.error ?? null}
          backTo={stepTo('review')}
          screen="terminate"
          nextLabel="Terminate"
          formFields={
            <>
              {DETAIL_FIELDS.map((k) => (values[k] ? <input key={k} type="hidden" name={k} value={values[k]} /> : null))}
              <div className="mt-4">
                <label htmlFor="termination-notes" className={labelClass}>
                  Notes <span className="font-normal text-slate-600">(optional, on the carriers&apos; notice)</span>
                </label>
                <textarea id="termination-notes" name="notes" rows={3} maxLength={2000} className={inputClass} />
              </div>
            </>
          }
        >
          <p className="text-sm text-slate-800">{`${review.employeeName}: terminated on ${review.terminationDate}, coverage ends ${review.coverageEndDate}, ${review.cobraElection ? 'COBRA continuation' : 'no COBRA'}.`}</p>
        </SignatureForm>
      ) : null}
    </Modal>
  );
}

/** What will change, in the order it happens. */
function TerminationReviewList({ review }: { review: TerminationReview }) {
  return (
    <div className="mt-4 space-y-4 text-sm text-slate-800">
      <h3 className="text-base font-semibold text-slate-900">What will change</h3>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
        <dt className="font-semibold">Termination date</dt>
        <dd>{`${review.terminationDate} (${review.qualifyingEvent})`}</dd>
        <dt className="font-semibold">Access</dt>
        <dd>{`Sign-in ends after ${review.terminationDate}.`}</dd>
        <dt className="font-semibold">Coverage</dt>
        <dd>{review.plans.length ? `Every current election ends on ${review.coverageEndDate}.` : 'No current elections to end.'}</dd>
        <dt className="font-semibold">COBRA</dt>
        <dd>{review.cobraElection ? 'Elected: moves to COBRA/Continuation.' : 'Not elected: moves to Terminated Employees.'}</dd>
        <dt className="font-semibold">Notice to the employee</dt>
        <dd>{review.noticeTo ? `A termination${review.cobraElection ? ' and COBRA' : ''} notice is emailed to ${review.noticeTo}.` : 'No email address on file: no notice is emailed.'}</dd>
      </dl>
      {review.plans.length ? (
        <ScrollRegion label="Coverage that ends" className="overflow-x-auto">
          <table className="w-full min-w-[24rem] border-collapse">
            <caption className="pb-2 text-left font-semibold text-slate-900">Coverage that ends</caption>
            <thead>
              <tr className="border-b border-slate-300 bg-slate-50 text-left">
                <th scope="col" className="px-3 py-2">
                  Plan type
                </th>
                <th scope="col" className="px-3 py-2">
                  Plan
                </th>
                <th scope="col" className="px-3 py-2">
                  Coverage ends
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {review.plans.map((p) => (
                <tr key={`${p.planType}:${p.planName}`}>
                  <th scope="row" className="px-3 py-2 text-left font-medium">
                    {p.planType}
                  </th>
                  <td className="px-3 py-2">{p.planName}</td>
                  <td className="px-3 py-2">{p.coverageEnds}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
    </div>
  );
}

/** The termination's details, sent in the address to the review. */
function DetailsStep({
  values,
  error,
  searchParams,
  closeTo,
  reviewTo,
}: {
  values: Record<string, string>;
  error: { message: string; field: string } | null;
  searchParams: URLSearchParams;
  closeTo: string;
  reviewTo: string;
}) {
  const [disabled, setDisabled] = useState(values.totalDisability === 'on' || values.totalDisability === 'true');
  const events = OPTION_LISTS.qualifyingEvent.filter((o) => TERMINATION_QUALIFYING_EVENT_IDS.includes(o.id));
  const keep = [...searchParams.entries()].filter(([k]) => !(DETAIL_FIELDS as readonly string[]).includes(k));
  const invalid = (field: string) => (error?.field === field ? { 'aria-invalid': true, 'aria-describedby': 'termination-error' } : {});
  return (
    <Form method="get" action={reviewTo} preventScrollReset className="mt-4 space-y-4">
      {keep.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {error ? (
        <Alert tone="error" id="termination-error">
          {error.message}
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="termination-date" className={labelClass}>
            Termination date (MM/DD/YYYY)
          </label>
          <input id="termination-date" name="terminationDate" required placeholder="MM/DD/YYYY" inputMode="numeric" defaultValue={values.terminationDate} className={inputClass} {...invalid('terminationDate')} />
        </div>
        <div>
          <label htmlFor="qualifying-event" className={labelClass}>
            Qualifying event
          </label>
          <select id="qualifying-event" name="qualifyingEventId" required defaultValue={values.qualifyingEventId ?? ''} className={inputClass} {...invalid('qualifyingEventId')}>
            <option value="" disabled>
              Select
            </option>
            {events.map((o) => (
              <option key={o.id} value={o.id}>
                {o.text}
              </option>
            ))}
          </select>
        </div>
        <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
          <input type="checkbox" name="cobraElection" defaultChecked={values.cobraElection === 'on' || values.cobraElection === 'true'} className="h-4 w-4 rounded border-slate-400" />
          COBRA election (moves to COBRA/Continuation)
        </label>
        <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
          <input type="checkbox" name="totalDisability" defaultChecked={disabled} onChange={(e) => setDisabled(e.currentTarget.checked)} className="h-4 w-4 rounded border-slate-400" />
          Total disability
        </label>
        <div>
          <label htmlFor="disability-start" className={labelClass}>
            Disability start date (MM/DD/YYYY)
          </label>
          <input
            id="disability-start"
            name="disabilityStartDate"
            required={disabled}
            placeholder="MM/DD/YYYY"
            inputMode="numeric"
            defaultValue={values.disabilityStartDate}
            className={inputClass}
            {...invalid('disabilityStartDate')}
          />
        </div>
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        <Link to={closeTo} preventScrollReset className={secondaryButtonClass}>
          Cancel
        </Link>
        <button type="submit" className={primaryButtonClass}>
          Review
        </button>
      </div>
    </Form>
  );
}
