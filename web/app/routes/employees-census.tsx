import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Outlet, useLoaderData, useParams, useSearchParams } from '@remix-run/react';
import { EMPLOYEE_GROUPS, Messages, ZEmployeeListPage, CensusMessages, ZCensusProgressState, type EmployeeGroup } from '@bp/api/contracts';
import { Toast } from '~/components/ui';
import { CensusList, censusListGroup } from '~/components/census/CensusList';
import { positiveInt } from '~/lib/address';
import { apiCall } from '~/lib/api.server';
import { censusAt } from '~/lib/census-address';
import { pageTitle } from '~/lib/meta';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Employee Census') }];

/** The site's base path, which Remix's redirects add back themselves. */
const SITE_BASE = /^\/mbl(?=\/|$)/;

/**
 * The census: the list (this route, one server page per group: `?search=` narrows it, `?{group}Page=` pages
 * it), beside it an employee at their own address (employees-census.$employeeId.tsx, with its dialogs as
 * routes under it) or Add New Employee (employees-census.add.tsx).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, token } = await requireUser(request, context);
  const url = new URL(request.url);
  // Older addresses: `?employee=` (and `?employeeId=` from other pages) selected an employee, `?dialog=` opened Add or Edit.
  const named = positiveInt(url.searchParams.get('employee') ?? url.searchParams.get('employeeId'));
  const dialog = url.searchParams.get('dialog');
  if (url.searchParams.has('employee') || url.searchParams.has('employeeId') || dialog === 'add' || dialog === 'edit') {
    const rest = new URLSearchParams(url.searchParams);
    rest.delete('employeeId');
    if (dialog === 'add') throw redirect(censusAt(rest, null, '/add'));
    throw redirect(censusAt(rest, named, dialog === 'edit' && named !== null ? '/edit' : ''));
  }
  const search = url.searchParams.get('search')?.trim() ?? '';
  // The progress filter (contracts' states); anything else is no filter.
  const progress = ZCensusProgressState.safeParse(url.searchParams.get('progress')).data ?? null;
  const pageOf = (group: EmployeeGroup) => {
    const n = Number(url.searchParams.get(`${group}Page`));
    return Number.isInteger(n) && n > 0 && n <= 100_000 ? n : 1;
  };
  const pages = await Promise.all(
    EMPLOYEE_GROUPS.map((group) =>
      apiCall(ZEmployeeListPage, `/employees?${new URLSearchParams({ group, page: String(pageOf(group)), ...(search ? { search } : {}), ...(progress ? { progress } : {}) }).toString()}`, { token, request, context }),
    ),
  );
  const failed = pages.find((r) => !r.ok);
  if (failed && !failed.ok) {
    await throwOnSessionFailure(failed);
    throw new Response(Messages.serviceUnavailable, {
      status: failed.status >= 500 ? failed.status : 503,
    });
  }
  const groups = pages.flatMap((r, i) => (r.ok ? [censusListGroup(EMPLOYEE_GROUPS[i]!, r.data)] : []));
  // A page past the end (an old link, or the last one emptied meanwhile) goes back to the last page there is.
  const pastEnd = groups.filter((g) => g.page > 1 && g.result.length === 0 && g.totalCount > 0);
  if (pastEnd.length > 0) {
    const next = new URLSearchParams(url.searchParams);
    for (const g of pastEnd) next.set(`${g.group}Page`, String(Math.max(1, Math.ceil(g.totalCount / g.perPage))));
    throw redirect(`${url.pathname.replace(SITE_BASE, '')}?${next.toString()}`);
  }
  return {
    groups,
    search,
    progress,
    // 'Log in as employee' is hidden for test users and for oneself.
    canImpersonate: user.permissions.includes('impersonate'),
    canUpload: user.permissions.includes('employees:update'),
    canEdit: user.permissions.includes('employees:update'),
    workHoursRequired: user.workHoursRequired,
    // The lock asks no password of a test user or an impersonating session.
    skipPrompt: user.testUser || user.impersonatingUserId !== null,
    selfId: user.employeeId,
  };
}

const DONE_TEXT: Record<string, string> = {
  created: CensusMessages.employeeCreated,
  updated: CensusMessages.employeeUpdated,
  terminated: CensusMessages.employeeTerminated,
};

export default function EmployeesCensusRoute() {
  const { groups, search, progress, canEdit } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const done = searchParams.get('done');
  const selectedId = positiveInt(useParams().employeeId ?? null);

  return (
    <section aria-labelledby="page-heading" className="mx-auto max-w-6xl">
      <h1 id="page-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Employee Census
      </h1>
      {/* The list beside the detail from 960 px, above it below. */}
      <div className="mt-6 grid gap-6 min-[960px]:grid-cols-[320px_1fr]">
        <CensusList groups={groups} search={search} progress={progress} selectedId={selectedId} canEdit={canEdit} />
        <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-live="polite">
          <Outlet />
        </div>
      </div>
      {done && DONE_TEXT[done] ? <Toast tone="success" text={DONE_TEXT[done]!} resetKey={done} /> : null}
    </section>
  );
}
