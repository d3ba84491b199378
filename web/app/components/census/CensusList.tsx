import { useEffect, useRef, useState } from 'react';
import * as Accordion from '@radix-ui/react-accordion';
import { Form, Link, useSubmit } from '@remix-run/react';
import { CENSUS_PROGRESS_STATES, CENSUS_PROGRESS_TITLES, EMPLOYEE_GROUP_TITLES, EMPLOYEE_GROUPS, type CensusProgressState, type EmployeeGroup, type EmployeeListItem, type EmployeeListPage } from '@bp/api/contracts';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import { useWithParams } from '~/lib/address';
import { cx } from '~/lib/cx';
import { useListLinkClicks } from '~/lib/list-links';
import { sitePath } from '~/lib/site';

/** One person in the list: what it shows (the name, the progress line from the one rule in contracts) and the id. */
export type CensusListEntry = Pick<EmployeeListItem, 'id' | 'firstName' | 'lastName'> & { progressText: string };

/** One group's page of the list. */
export type CensusListGroup = Pick<EmployeeListPage, 'page' | 'perPage' | 'totalCount'> & { group: EmployeeGroup; result: CensusListEntry[] };

/** The part of the API's page the list shows: the page sends the browser only that (the API's answer has more). */
export function censusListGroup(group: EmployeeGroup, answer: EmployeeListPage): CensusListGroup {
  return {
    group,
    page: answer.page,
    perPage: answer.perPage,
    totalCount: answer.totalCount,
    result: answer.result.map((e) => ({ id: e.id, firstName: e.firstName, lastName: e.lastName, progressText: e.progress.text })),
  };
}

/**
 * The census list: the server's search as the person types (on Enter without scripts),
 * the progress filter, Add New Employee, and each group's page of people with their progress.
 */
export function CensusList({
  groups,
  search,
  progress,
  selectedId,
  canEdit,
}: {
  groups: CensusListGroup[];
  search: string;
  progress: CensusProgressState | null;
  selectedId: number | null;
  canEdit: boolean;
}) {
  const [term, setTerm] = useState(search);
  const submit = useSubmit();
  const withParams = useWithParams();
  const onListClick = useListLinkClicks();
  // The same query string on every row: worked out once, not per person.
  const rowQuery = withParams({ done: null, summary: null });
  const searchTimer = useRef<number | undefined>(undefined);
  // Searching and filtering keep the selected employee: the forms go to their address.
  const here = selectedId === null ? '/employees-census' : `/employees-census/${selectedId}`;
  useEffect(() => () => window.clearTimeout(searchTimer.current), []);
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <Form
        method="get"
        action={here}
        role="search"
        aria-label="Employees"
        onChange={(event) => {
          // With JavaScript the server's search runs as the person types; without it, on Enter.
          const form = event.currentTarget;
          window.clearTimeout(searchTimer.current);
          searchTimer.current = window.setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), 300);
        }}
      >
        <label htmlFor="census-search" className="sr-only">
          Search employees
        </label>
        {progress ? <input type="hidden" name="progress" value={progress} /> : null}
        <input
          id="census-search"
          type="search"
          name="search"
          value={term}
          onChange={(event) => setTerm(event.currentTarget.value)}
          placeholder="Search"
          autoComplete="off"
          className={cx(inputClass, 'mt-0')}
        />
      </Form>
      {/* The progress filter: a plain GET form (Show), so it works before scripts load; with them it applies on change. */}
      <Form method="get" action={here} className="mt-3 flex items-end gap-2" aria-label="Filter by progress">
        {search ? <input type="hidden" name="search" value={search} /> : null}
        <div className="min-w-0 flex-1">
          <label htmlFor="census-progress" className="block text-sm font-medium text-slate-800">
            Progress
          </label>
          <select
            id="census-progress"
            name="progress"
            defaultValue={progress ?? ''}
            key={progress ?? ''}
            onChange={(event) => submit(event.currentTarget.form, { replace: true, preventScrollReset: true })}
            className={inputClass}
          >
            <option value="">Everyone</option>
            {CENSUS_PROGRESS_STATES.map((s) => (
              <option key={s} value={s}>
                {CENSUS_PROGRESS_TITLES[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={secondaryButtonClass}>
          Show
        </button>
      </Form>
      {canEdit ? (
        <Link to={`/employees-census/add${withParams({ done: null, summary: null })}`} preventScrollReset className={cx(primaryButtonClass, 'mt-3 w-full justify-center')}>
          Add New Employee
        </Link>
      ) : null}
      <Accordion.Root type="multiple" defaultValue={[...EMPLOYEE_GROUPS]} className="mt-4 space-y-2">
        {groups.map(({ group, result: members, page, perPage, totalCount }) => {
          const pages = Math.max(1, Math.ceil(totalCount / perPage));
          return (
            <Accordion.Item key={group} value={group} className="rounded-lg border border-slate-200">
              {/* An h2: the group's heading sits directly under the page's h1. */}
              <Accordion.Header asChild>
                <h2>
                  <Accordion.Trigger className="group flex w-full items-center justify-between rounded-lg px-3 py-2 text-left text-sm font-semibold text-slate-900 hover:bg-slate-50">
                    <span>
                      {EMPLOYEE_GROUP_TITLES[group]} <span className="font-normal text-slate-600">({totalCount.toLocaleString('en-US')})</span>
                    </span>
                    <svg
                      aria-hidden="true"
                      viewBox="0 0 20 20"
                      className="h-4 w-4 transition-transform group-data-[state=open]:rotate-180"
                      fill="currentColor"
                    >
                      <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.06l3.71-3.83a.75.75 0 1 1 1.08 1.04l-4.25 4.39a.75.75 0 0 1-1.08 0L5.21 8.27a.75.75 0 0 1 .02-1.06Z" />
                    </svg>
                  </Accordion.Trigger>
                </h2>
              </Accordion.Header>
              <Accordion.Content className="border-t border-slate-100 px-1 py-1">
                {members.length === 0 ? (
                  <p className="px-2 py-1.5 text-sm text-slate-600">No employees</p>
                ) : (
                  // Plain links with one click handler for the list (lib/list-links.ts): a router <Link> per row cost a sixth of the page.
                  <ul onClick={onListClick}>
                    {members.map((e) => (
                      <li key={e.id}>
                        <a
                          href={sitePath(`/employees-census/${e.id}${rowQuery}`)}
                          data-discover="true"
                          aria-current={e.id === selectedId ? 'true' : undefined}
                          className={cx(
                            'block rounded-md px-2 py-1.5 text-sm',
                            e.id === selectedId ? 'bg-brand-50 font-semibold text-brand-900' : 'text-slate-800 hover:bg-slate-100'
                          )}
                        >
                          {e.lastName}, {e.firstName}
                        </a>
                        {/* Beside the link, not in it: the link's name stays the person's name. */}
                        <span className="-mt-1 block px-2 pb-1.5 text-xs font-normal text-slate-700">{e.progressText}</span>
                      </li>
                    ))}
                  </ul>
                )}
                {pages > 1 ? (
                  <nav aria-label={`${EMPLOYEE_GROUP_TITLES[group]} pages`} className="flex items-center justify-between gap-2 px-2 py-1.5 text-sm">
                    {page > 1 ? (
                      <Link to={withParams({ [`${group}Page`]: String(page - 1) })} preventScrollReset className="font-medium text-brand-800 underline">
                        Previous
                      </Link>
                    ) : (
                      <span />
                    )}
                    <span className="text-slate-600">{`${((page - 1) * perPage + 1).toLocaleString('en-US')}–${Math.min(page * perPage, totalCount).toLocaleString('en-US')} of ${totalCount.toLocaleString('en-US')}`}</span>
                    {page < pages ? (
                      <Link to={withParams({ [`${group}Page`]: String(page + 1) })} preventScrollReset className="font-medium text-brand-800 underline">
                        Next
                      </Link>
                    ) : (
                      <span />
                    )}
                  </nav>
                ) : null}
              </Accordion.Content>
            </Accordion.Item>
          );
        })}
      </Accordion.Root>
    </div>
  );
}
