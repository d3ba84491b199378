import { Link } from '@remix-run/react';
import type { Dependent, OptionItemDto } from '@bp/api/contracts';
import { cx } from '~/lib/cx';

const iconLink =
  'inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-slate-900';

function textOf(list: readonly OptionItemDto[], id: number | null): string | null {
  return id === null ? null : (list.find((o) => o.id === id)?.text ?? null);
}

/**
 * A dependent's card: a green tick when complete, a warning icon with the alerts, or
 * an error icon with the missing fields. Edit and delete appear only when their targets are given.
 */
export function DependentCard({
  dependent: d,
  genders,
  editTo,
  deleteTo,
  contribution,
}: {
  dependent: Dependent;
  genders: readonly OptionItemDto[];
  editTo?: string;
  deleteTo?: string;
  /** Per pay period, already formatted. */
  contribution?: string;
}) {
  const name = [d.firstName, d.middleName, d.lastName].filter(Boolean).join(' ') || 'Unnamed dependent';
  const { status, errors, alerts, warnings } = d.completeness;
  const headingId = `dependent-${d.id}-name`;
  const messages = status === 'error' ? errors : [...alerts, ...warnings];
  return (
    <article aria-labelledby={headingId} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 items-start gap-2">
          <StatusIcon status={status} />
          <div className="min-w-0">
            <h3 id={headingId} className="truncate font-semibold text-slate-900">
              {name}
            </h3>
            <p className="text-sm text-slate-700">{d.relationshipType ?? 'Relation unknown'}</p>
          </div>
        </div>
        <div className="flex shrink-0">
          {editTo ? (
            <Link to={editTo} preventScrollReset className={iconLink} aria-label={`Edit ${name}`}>
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
                <path d="m5.433 13.917 1.262-3.155A4 4 0 0 1 7.58 9.42l6.92-6.918a2.121 2.121 0 0 1 3 3l-6.92 6.918c-.383.383-.84.685-1.343.886l-3.154 1.262a.5.5 0 0 1-.65-.65Z" />
                <path d="M3.5 5.75c0-.69.56-1.25 1.25-1.25H10A.75.75 0 0 0 10 3H4.75A2.75 2.75 0 0 0 2 5.75v9.5A2.75 2.75 0 0 0 4.75 18h9.5A2.75 2.75 0 0 0 17 15.25V10a.75.75 0 0 0-1.5 0v5.25c0 .69-.56 1.25-1.25 1.25h-9.5c-.69 0-1.25-.56-1.25-1.25v-9.5Z" />
              </svg>
            </Link>
          ) : null}
          {deleteTo ? (
            <Link to={deleteTo} preventScrollReset className={iconLink} aria-label={`Delete ${name}`}>
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
                <path
                  fillRule="evenodd"
                  d="M8.75 1A2.75 2.75 0 0 0 6 3.75v.443c-.795.077-1.584.176-2.365.298a.75.75 0 1 0 .23 1.482l.149-.022.841 10.518A2.75 2.75 0 0 0 7.596 19h4.807a2.75 2.75 0 0 0 2.742-2.53l.841-10.52.149.023a.75.75 0 0 0 .23-1.482A41.03 41.03 0 0 0 14 4.193V3.75A2.75 2.75 0 0 0 11.25 1h-2.5ZM10 4c.84 0 1.673.025 2.5.075V3.75c0-.69-.56-1.25-1.25-1.25h-2.5c-.69 0-1.25.56-1.25 1.25v.325C8.327 4.025 9.16 4 10 4ZM8.58 7.72a.75.75 0 0 0-1.5.06l.3 7.5a.75.75 0 1 0 1.5-.06l-.3-7.5Zm4.34.06a.75.75 0 1 0-1.5-.06l-.3 7.5a.75.75 0 1 0 1.5.06l.3-7.5Z"
                  clipRule="evenodd"
                />
              </svg>
            </Link>
          ) : null}
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-slate-600">Date of birth</dt>
          <dd className="text-slate-900">{d.birthDate ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Gender</dt>
          <dd className="text-slate-900">{textOf(genders, d.gender) ?? '—'}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-slate-600">SSN</dt>
          <dd className="font-mono text-slate-900">{d.ssn ?? '—'}</dd>
        </div>
      </dl>
      {contribution ? <p className="mt-3 text-sm font-medium text-slate-900">Contribution: {contribution} per pay period</p> : null}
      {messages.length > 0 ? (
        <ul className={cx('mt-4 space-y-1 rounded-md px-3 py-2 text-sm', status === 'error' ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-950')}>
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

function StatusIcon({ status }: { status: Dependent['completeness']['status'] }) {
  if (status === 'complete') {
    return (
      <svg role="img" aria-label="Complete" viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0 text-green-700" fill="currentColor">
        <path fillRule="evenodd" d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.857-9.809a.75.75 0 0 0-1.214-.882l-3.483 4.79-1.88-1.88a.75.75 0 1 0-1.06 1.061l2.5 2.5a.75.75 0 0 0 1.137-.089l4-5.5Z" clipRule="evenodd" />
      </svg>
    );
  }
  if (status === 'warning') {
    return (
      <svg role="img" aria-label="Warning" viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" fill="currentColor">
        <path fillRule="evenodd" d="M8.485 2.495c.673-1.167 2.357-1.167 3.03 0l6.28 10.875c.673 1.167-.17 2.625-1.516 2.625H3.72c-1.347 0-2.189-1.458-1.515-2.625L8.485 2.495ZM10 5a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 5Zm0 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z" clipRule="evenodd" />
      </svg>
    );
  }
  return (
    <svg role="img" aria-label="Incomplete" viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0 text-red-700" fill="currentColor">
      <path fillRule="evenodd" d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z" clipRule="evenodd" />
    </svg>
  );
}
