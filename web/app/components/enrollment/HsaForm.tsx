import { useEffect, useState } from 'react';
import { amountInputCents, annualToPerPeriod, centsToDecimal, EnrollmentMessages, formatUsd, hsaError, parseMoney, type PlanLimits } from '@bp/api/contracts';
import { FieldError, inputClass, labelClass } from '~/components/ui';
import { cx } from '~/lib/cx';
import { usd } from '~/lib/enrollment-rules';

type HsaLimits = Extract<PlanLimits, { kind: 'hsa' }>;

/** HSA: the annual election within the limit, the catch-up from 55 and the Medicare warning from 65. */
export function HsaForm({ limits, initial, payPeriods, onChange }: { limits: HsaLimits; initial: string | null; payPeriods: number; onChange: (estimate: string, blocked: boolean) => void }) {
  const [amount, setAmount] = useState(initial ?? '');
  const cents = amount === '' ? null : amountInputCents(amount);
  const limit = parseMoney(limits.limit) ?? 0;
  const employer = parseMoney(limits.contribution) ?? 0;
  const error = amount !== '' && cents === null ? EnrollmentMessages.invalidAmount : cents !== null ? hsaError(cents, { limitCents: limit, employerCents: employer }) : null;
  const estimate = cents === null || payPeriods <= 0 ? '0.00' : centsToDecimal(annualToPerPeriod(cents, payPeriods));
  const blocked = error !== null || amount === '';
  useEffect(() => {
    onChange(estimate, blocked);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reported when the amount changes, not on every render
  }, [estimate, blocked]);
  return (
    <div>
      <input type="hidden" name="hsaShown" value="1" />
      <label htmlFor="hsa-amount" className={labelClass}>
        Annual contribution
      </label>
      <input
        id="hsa-amount"
        name="hsaContributionAmount"
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.currentTarget.value.trim())}
        aria-invalid={error ? true : undefined}
        aria-describedby={['hsa-limit', error ? 'hsa-error' : null].filter(Boolean).join(' ')}
        className={cx(inputClass, 'max-w-xs')}
      />
      <FieldError id="hsa-error" errors={error ? [error] : undefined} />
      <p id="hsa-limit" className="mt-2 text-sm text-slate-700">
        {`Your annual limit is ${usd(limits.limit)} (${limits.coverage} coverage ${usd(limits.coverage === 'single' ? limits.data.single : limits.data.family)}${
          limits.catchUpEligible ? `, plus a catch-up of ${usd(limits.data.catchup)} at age 55 or older` : ''
        }${employer > 0 ? `, less your employer's ${formatUsd(employer)}` : ''}).`}
      </p>
      {limits.medicareWarning ? (
        <p role="note" className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          Once you enroll in Medicare Part A or B, pre-tax contributions to your HSA must stop. You may still withdraw from it tax-free for qualified medical expenses.
        </p>
      ) : null}
    </div>
  );
}
