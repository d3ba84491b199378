import { useEffect, useState } from 'react';
import { centsToDecimal, EnrollmentMessages, FSA_ACCOUNTS, fsaAnnualTextError, parseMoney, type PlanLimits } from '@bp/api/contracts';
import { FieldError, inputClass, labelClass } from '~/components/ui';
import { fsaAnnualText, fsaPerPeriodCents, fsaPerPeriodText, usd } from '~/lib/enrollment-rules';

type FsaLimits = Extract<PlanLimits, { kind: 'fsa' }>;

/** Four FSA accounts with linked per-period and annual fields. */
export function FsaForm({
  limits,
  initial,
  payPeriods,
  onChange,
}: {
  limits: FsaLimits;
  initial: Record<'med' | 'dep' | 'tra' | 'park', string | null>;
  payPeriods: number;
  onChange: (estimate: string, blocked: boolean) => void;
}) {
  const periods = limits.payPeriods || payPeriods;
  const [annual, setAnnual] = useState<Record<string, string>>(() => Object.fromEntries(FSA_ACCOUNTS.map((a) => [a, initial[a] ?? ''])));
  const [perPeriod, setPerPeriod] = useState<Record<string, string>>(() => Object.fromEntries(FSA_ACCOUNTS.map((a) => [a, initial[a] ? fsaPerPeriodText(initial[a] ?? '', periods) : ''])));
  const errors: Record<string, string | null> = {};
  for (const acc of limits.accounts) {
    errors[acc.account] = fsaAnnualTextError(annual[acc.account] ?? '', parseMoney(acc.limit) ?? 0, EnrollmentMessages.invalidAmount);
  }
  // Only amounts the form accepts count toward the contribution: never a negative or a stale one.
  const totalPerPeriod = FSA_ACCOUNTS.reduce((sum, a) => sum + fsaPerPeriodCents(annual[a] ?? '', periods), 0);
  const blocked = Object.values(errors).some(Boolean);
  useEffect(() => {
    onChange(centsToDecimal(totalPerPeriod), blocked);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reported when the amounts change, not on every render
  }, [totalPerPeriod, blocked]);

  return (
    <fieldset>
      <input type="hidden" name="fsaShown" value="1" />
      <input type="hidden" name="payPeriods" value={periods} />
      <legend className="text-sm font-semibold text-slate-900">Your contributions</legend>
      <div className="mt-2 space-y-4">
        {limits.accounts
          .filter((a) => a.enabled)
          .map((acc) => {
            const errorId = `fsa-${acc.account}-error`;
            const error = errors[acc.account];
            return (
              <div key={acc.account} className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_1fr] sm:items-end">
                <p className="text-sm font-semibold text-slate-900 sm:col-span-3">
                  {acc.name}
                  <span className="ml-2 font-normal text-slate-700">{`Annual Limit: ${usd(acc.limit)}`}</span>
                </p>
                <div>
                  <label htmlFor={`fsa-${acc.account}-period`} className={labelClass}>
                    {`${acc.name} per pay period`}
                  </label>
                  <input
                    id={`fsa-${acc.account}-period`}
                    name={`fsa.${acc.account}.period`}
                    inputMode="decimal"
                    value={perPeriod[acc.account] ?? ''}
                    onChange={(event) => {
                      const v = event.currentTarget.value.trim();
                      setPerPeriod((s) => ({ ...s, [acc.account]: v }));
                      setAnnual((s) => ({ ...s, [acc.account]: fsaAnnualText(v, periods) }));
                    }}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    className={inputClass}
                  />
                </div>
                <div>
                  <label htmlFor={`fsa-${acc.account}`} className={labelClass}>
                    {`${acc.name} annual`}
                  </label>
                  <input
                    id={`fsa-${acc.account}`}
                    name={`fsa.${acc.account}`}
                    inputMode="decimal"
                    value={annual[acc.account] ?? ''}
                    onChange={(event) => {
                      const v = event.currentTarget.value.trim();
                      setAnnual((s) => ({ ...s, [acc.account]: v }));
                      setPerPeriod((s) => ({ ...s, [acc.account]: fsaPerPeriodText(v, periods) }));
                    }}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    className={inputClass}
                  />
                </div>
                <p className="text-sm text-slate-700">{parseMoney(acc.employerAmount) ? `Employer: ${usd(acc.employerAmount)}` : null}</p>
                <div className="sm:col-span-3">
                  <FieldError id={errorId} errors={error ? [error] : undefined} />
                </div>
              </div>
            );
          })}
      </div>
    </fieldset>
  );
}
