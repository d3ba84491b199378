import { Link, useNavigate, useSearchParams } from '@remix-run/react';
import { CensusMessages, FileMessages, type Action, type ActionApproval } from '@bp/api/contracts';
import { Modal, primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import { useWithParams } from '~/lib/address';
import { cx } from '~/lib/cx';
import { sitePath } from '~/lib/site';

/** An action's forms, each opening in a new window. */
export function FormsDialog({ action }: { action: Action | undefined }) {
  const navigate = useNavigate();
  const withParams = useWithParams();
  return (
    <Modal open title="Action's forms" onOpenChange={() => navigate(withParams({ forms: null }), { preventScrollReset: true })}>
      {action && action.files.length > 0 ? (
        <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {action.files.map((f) => (
            <li key={f.id} className="px-3 py-2 text-sm">
              <a href={sitePath(`/files/${f.id}`)} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-800 underline">
                {f.title}
                <span className="sr-only"> (opens in a new window)</span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-slate-700">{FileMessages.noFiles}</p>
      )}
      <div className="mt-5 flex justify-end">
        <Link to={withParams({ forms: null })} preventScrollReset className={secondaryButtonClass}>
          Close
        </Link>
      </div>
    </Modal>
  );
}

/** While the signing job runs: how far it is, and (without scripts) a link to ask again. */
export function SigningOverlay({ signing }: { signing: ActionApproval }) {
  const [searchParams] = useSearchParams();
  return (
    <div role="alertdialog" aria-modal="true" aria-labelledby="signing-text" className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 p-4">
      <div className="max-w-md rounded-xl bg-white p-6 text-center shadow-xl">
        <p id="signing-text" className="font-medium text-slate-900">
          {CensusMessages.signingWait}
        </p>
        <p className={cx('mt-3 text-sm text-slate-700')} aria-live="polite">
          {signing.formsTotal > 0 ? `${signing.formsSigned} of ${signing.formsTotal} forms signed` : 'Preparing the forms…'}
        </p>
        <noscript>
          <a href={`?${searchParams.toString()}`} className={cx(primaryButtonClass, 'mt-4')}>
            Check again
          </a>
        </noscript>
      </div>
    </div>
  );
}
