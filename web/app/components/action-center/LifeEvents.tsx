import { Form, Link } from '@remix-run/react';
import { fullName, proofMissingMessage, type PendingLifeEvent } from '@bp/api/contracts';
import { inputClass, labelClass, primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import { useWithParams } from '~/lib/address';
import { cx } from '~/lib/cx';
import { sitePath } from '~/lib/site';

/** Signed life events waiting for HR: the proof, what changes, Approve, or Reject with a reason. */
export function LifeEvents({ events, rejecting }: { events: PendingLifeEvent[]; rejecting: number | null }) {
  const withParams = useWithParams();
  return (
    <section aria-labelledby="life-events-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="life-events-heading" className="text-lg font-semibold text-slate-900">
        Life events
      </h2>
      <ul className="mt-3 divide-y divide-slate-200">
        {events.map((e) => (
          <li key={e.id} className="py-3 text-sm">
            <p className="font-semibold text-slate-900">{`${fullName(e)}: ${e.eventTitle} on ${e.eventDate} (changes from ${e.coverageStarts})`}</p>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {e.proof ? (
                <a href={sitePath(`/files/${e.proof.id}`)} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-800 underline">
                  {e.proof.title}
                  <span className="sr-only"> (opens in a new window)</span>
                </a>
              ) : null}
              {e.proofMissing ? (
                <span id={`proof-missing-${e.id}`} className="font-medium text-amber-900">
                  {proofMissingMessage(e.proofMissing)}
                </span>
              ) : null}
              {e.summaryFileId ? (
                <a href={sitePath(`/files/${e.summaryFileId}`)} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-800 underline">
                  Signed summary
                  <span className="sr-only"> (opens in a new window)</span>
                </a>
              ) : (
                <span className="text-slate-600">The signed summary is being prepared…</span>
              )}
            </div>
            <ul className="mt-2 list-disc pl-5 text-slate-800" aria-label={`Changes for ${fullName(e)}`}>
              {e.changes.map((c) => (
                <li key={c.planType}>{`${c.planType}: ${c.before} → ${c.after}`}</li>
              ))}
            </ul>
            <div className="mt-3 flex flex-wrap items-start gap-3">
              {e.proofMissing ? (
                // The approval waits for the document (the server refuses it too): focusable, with the reason read out.
                <button type="button" aria-disabled="true" aria-describedby={`proof-missing-${e.id}`} className={cx(primaryButtonClass, 'cursor-not-allowed opacity-60 hover:bg-brand-700')}>
                  {`Approve ${e.eventTitle.toLowerCase()} for ${fullName(e)}`}
                </button>
              ) : (
                <Form method="post">
                  <input type="hidden" name="screen" value="lifeEvent" />
                  <input type="hidden" name="lifeEventId" value={e.id} />
                  <button type="submit" name="decision" value="approve" className={primaryButtonClass}>
                    {`Approve ${e.eventTitle.toLowerCase()} for ${fullName(e)}`}
                  </button>
                </Form>
              )}
              {rejecting === e.id ? (
                <Form method="post" className="flex w-full max-w-lg flex-col gap-2">
                  <input type="hidden" name="screen" value="lifeEvent" />
                  <input type="hidden" name="lifeEventId" value={e.id} />
                  <label htmlFor={`reason-${e.id}`} className={labelClass}>
                    Why is it returned? (the employee reads this)
                  </label>
                  <textarea id={`reason-${e.id}`} name="reason" required rows={3} maxLength={1000} className={inputClass} />
                  <div className="flex gap-2">
                    <button type="submit" name="decision" value="reject" className={primaryButtonClass}>
                      Return to the employee
                    </button>
                    <Link to={withParams({ reject: null })} preventScrollReset className={secondaryButtonClass}>
                      Cancel
                    </Link>
                  </div>
                </Form>
              ) : (
                <Link to={withParams({ reject: String(e.id) })} preventScrollReset className={secondaryButtonClass}>
                  Reject
                </Link>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
