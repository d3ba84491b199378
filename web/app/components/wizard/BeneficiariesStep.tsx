import { Form, Link, useNavigation } from '@remix-run/react';
import type { SubmissionResult } from '@conform-to/react';
import { BENEFICIARY_TYPE_IDS, beneficiaryShareTotals, BeneficiaryMessages, type Beneficiary, fullName } from '@bp/api/contracts';
import { ConfirmDeleteDialog } from '~/components/ConfirmDeleteDialog';
import { Alert, primaryButtonClass } from '~/components/ui';
import type { BeneficiariesStepData } from '~/lib/beneficiaries.server';
import { BENEFICIARIES_INDEX, WIZARD_STEPS } from '~/lib/registration-steps';
import { BeneficiaryDialog } from './BeneficiaryDialog';
import { WizardActions } from './WizardActions';


const iconLink = 'inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-slate-900';

/**
 * Registration step 5, Beneficiaries: the table with its 'Total share'
 * row, the Add/Edit dialog and the delete confirmation (both opened from the address, so they work without
 * JavaScript), and Next, disabled while a life plan is enrolled and the totals are not right.
 */
export function BeneficiariesStep({
  data,
  stepPath,
  backTo,
  dialogResult,
  nextMessage,
}: {
  data: BeneficiariesStepData;
  /** This step's own address ('/registration?step=5'), which every dialog returns to. */
  stepPath: string;
  backTo: string;
  dialogResult: SubmissionResult<string[]> | undefined;
  /** The server's totals message when a stale page pressed Next. */
  nextMessage: string | null;
}) {
  const { beneficiaries, lifeEnrolled, options, dependents, dialog, loadError } = data;
  const busy = useNavigation().state === 'submitting';
  const join = (key: string, value: string | number) => `${stepPath}${stepPath.includes('?') ? '&' : '?'}${key}=${value}`;
  const totals = beneficiaryShareTotals(beneficiaries);
  const blocked = lifeEnrolled && !totals.valid;
  const totalsId = 'beneficiary-totals';
  const started = beneficiaries.length > 0 || nextMessage !== null;

  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">{WIZARD_STEPS[BENEFICIARIES_INDEX]}</h2>
      <p className="mt-4 rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-900">
        {lifeEnrolled
          ? 'Name the people who receive your life insurance benefit. Primary beneficiaries must share 100%; contingent and tertiary beneficiaries, if you name any, must each share 100% too.'
          : BeneficiaryMessages.noLifePlan}
      </p>
      {loadError ? (
        <Alert tone="error" className="mt-4">
          {loadError}
        </Alert>
      ) : null}

      <div className="mt-6">
        <Link to={join('beneficiary', 'new')} preventScrollReset className={primaryButtonClass}>
          Add Beneficiary
        </Link>
      </div>

      <BeneficiaryTable beneficiaries={beneficiaries} editTo={(b) => join('beneficiary', b.id)} deleteTo={(b) => join('deleteBeneficiary', b.id)} />

      {lifeEnrolled && totals.errors.length > 0 ? (
        // Nothing done yet is not a mistake: before the first beneficiary the step says what to do, not
        // what is wrong. The live region wraps the list, so the list keeps its own role.
        started ? (
          <div id={totalsId} role="status" className="mt-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            <ul className="space-y-1">
              {totals.errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          </div>
        ) : (
          <p id={totalsId} className="mt-4 text-sm text-slate-700">
            {BeneficiaryMessages.addPrimaryFirst}
          </p>
        )
      ) : null}
      {nextMessage && !blocked ? (
        <Alert tone="error" className="mt-4">
          {nextMessage}
        </Alert>
      ) : null}

      <Form method="post">
        <input type="hidden" name="screen" value="beneficiaries" />
        <WizardActions backTo={backTo} busy={busy} nextDisabled={blocked} nextDescribedBy={blocked ? totalsId : undefined} />
      </Form>

      {dialog?.kind === 'edit' ? (
        <BeneficiaryDialog
          key={dialog.beneficiary?.id ?? 'new'}
          beneficiary={dialog.beneficiary}
          others={beneficiaries}
          options={options}
          dependents={dependents}
          closeTo={stepPath}
          lastResult={dialogResult}
        />
      ) : null}
      {dialog?.kind === 'delete' ? <DeleteBeneficiaryDialog beneficiary={dialog.beneficiary} closeTo={stepPath} /> : null}
    </div>
  );
}

/** Beneficiary, Primary, Contingent, Tertiary, Actions, and the 'Total share' footer. */
export function BeneficiaryTable({
  beneficiaries,
  editTo,
  deleteTo,
}: {
  beneficiaries: readonly Beneficiary[];
  editTo: (b: Beneficiary) => string;
  deleteTo: (b: Beneficiary) => string;
}) {
  const { totals } = beneficiaryShareTotals(beneficiaries);
  const cell = 'px-3 py-2.5 text-right tabular-nums';
  return (
    <div className="relative mt-6 overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full min-w-[34rem] text-sm">
        <caption className="sr-only">Your beneficiaries and their shares</caption>
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2.5 font-semibold">
              Beneficiary
            </th>
            <th scope="col" className="px-3 py-2.5 text-right font-semibold">
              Primary
            </th>
            <th scope="col" className="px-3 py-2.5 text-right font-semibold">
              Contingent
            </th>
            <th scope="col" className="px-3 py-2.5 text-right font-semibold">
              Tertiary
            </th>
            <th scope="col" className="px-3 py-2.5 text-right font-semibold">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {beneficiaries.length === 0 ? (
            <tr>
              <td colSpan={5} className="px-3 py-6 text-center text-slate-700">
                {BeneficiaryMessages.noBeneficiaries}
              </td>
            </tr>
          ) : (
            beneficiaries.map((b) => (
              <tr key={b.id}>
                <th scope="row" className="px-3 py-2.5 text-left font-medium text-slate-900">
                  {fullName(b)}
                  {b.relationshipType ? <span className="block text-xs font-normal text-slate-600">{b.relationshipType}</span> : null}
                </th>
                {BENEFICIARY_TYPE_IDS.map((type) => (
                  <td key={type} className={cell}>
                    {b.beneficiaryType === type ? `${b.share}%` : <span aria-label="none">—</span>}
                  </td>
                ))}
                <td className="px-3 py-1.5 text-right">
                  <span className="inline-flex">
                    <Link to={editTo(b)} preventScrollReset className={iconLink} aria-label={`Edit ${fullName(b)}`}>
                      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
                        <path d="m5.433 13.917 1.262-3.155A4 4 0 0 1 7.58 9.42l6.92-6.918a2.121 2.121 0 0 1 3 3l-6.92 6.918c-.383.383-.84.685-1.343.886l-3.154 1.262a.5.5 0 0 1-.65-.65Z" />
                        <path d="M3.5 5.75c0-.69.56-1.25 1.25-1.25H10A.75.75 0 0 0 10 3H4.75A2.75 2.75 0 0 0 2 5.75v9.5A2.75 2.75 0 0 0 4.75 18h9.5A2.75 2.75 0 0 0 17 15.25V10a.75.75 0 0 0-1.5 0v5.25c0 .69-.56 1.25-1.25 1.25h-9.5c-.69 0-1.25-.56-1.25-1.25v-9.5Z" />
                      </svg>
                    </Link>
                    <Link to={deleteTo(b)} preventScrollReset className={iconLink} aria-label={`Delete ${fullName(b)}`}>
                      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
                        <path
                          fillRule="evenodd"
                          d="M8.75 1A2.75 2.75 0 0 0 6 3.75v.443c-.795.077-1.584.176-2.365.298a.75.75 0 1 0 .23 1.482l.149-.022.841 10.518A2.75 2.75 0 0 0 7.596 19h4.807a2.75 2.75 0 0 0 2.742-2.53l.841-10.52.149.023a.75.75 0 0 0 .23-1.482A41.03 41.03 0 0 0 14 4.193V3.75A2.75 2.75 0 0 0 11.25 1h-2.5ZM10 4c.84 0 1.673.025 2.5.075V3.75c0-.69-.56-1.25-1.25-1.25h-2.5c-.69 0-1.25.56-1.25 1.25v.325C8.327 4.025 9.16 4 10 4ZM8.58 7.72a.75.75 0 0 0-1.5.06l.3 7.5a.75.75 0 1 0 1.5-.06l-.3-7.5Zm4.34.06a.75.75 0 1 0-1.5-.06l-.3 7.5a.75.75 0 1 0 1.5.06l.3-7.5Z"
                          clipRule="evenodd"
                        />
                      </svg>
                    </Link>
                  </span>
                </td>
              </tr>
            ))
          )}
        </tbody>
        <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold text-slate-900">
          <tr>
            <th scope="row" className="px-3 py-2.5 text-left">
              Total share
            </th>
            {BENEFICIARY_TYPE_IDS.map((type) => (
              <td key={type} className={cell}>
                {totals[type]}%
              </td>
            ))}
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function DeleteBeneficiaryDialog({ beneficiary, closeTo }: { beneficiary: Beneficiary; closeTo: string }) {
  return (
    <ConfirmDeleteDialog
      title={`Delete ${fullName(beneficiary)}`}
      description={`${fullName(beneficiary)} will no longer be one of your beneficiaries.`}
      screen="deleteBeneficiary"
      id={beneficiary.id}
      closeTo={closeTo}
    />
  );
}
