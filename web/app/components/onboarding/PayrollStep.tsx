import { useEffect, useState } from 'react';
import { Form, Link, useFetcher, useNavigate, useNavigation } from '@remix-run/react';
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import {
  formatUsd,
  isValidRoutingNumber,
  ONBOARDING_STEP_LABELS,
  OnboardingMessages,
  OPTION_LISTS,
  parseMoney,
  PayrollAmountType,
  PayrollMethodType,
  ZPayrollMethodRequest,
  type PayrollMethod,
} from '@bp/api/contracts';
import { Alert, Modal, primaryButtonClass, ScrollRegion, secondaryButtonClass } from '~/components/ui';
import { SelectField, TextField } from '~/components/wizard/fields';
import { WizardActions } from '~/components/wizard/WizardActions';
import { startQuietly } from '~/lib/cancelled-load';
import type { BankLookupAnswer } from '~/routes/bank-lookup';

const optionText = (list: ReadonlyArray<{ id: number; text: string }>, id: number | null) => list.find((o) => o.id === id)?.text ?? '';

/** '60%', '$250.00', or 'The rest' for a Dollars 0 that takes what is left. */
function amountText(m: PayrollMethod, last: boolean): string {
  if (m.amountType === PayrollAmountType.Percentage) return `${Number(m.amount)}%`;
  if (m.amountType === PayrollAmountType.Dollars && Number(m.amount) === 0 && last) return 'The rest';
  return formatUsd(parseMoney(m.amount) ?? 0);
}

/**
 * Payroll: the methods in order (Deposit, Card, Check), each a
 * percentage, a dollar amount or the remaining amount; percentages must make 100% and the first method
 * cannot be deleted. A method is added or changed in a dialog opened from the address (?method=).
 */
export function PayrollStep({
  data,
  backTo,
  here,
  toast,
  lastResult,
}: {
  data: { methods: PayrollMethod[]; offered: number[]; editing: PayrollMethod | 'new' | null };
  backTo?: string;
  here: string;
  toast: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const busy = useNavigation().state === 'submitting';
  const { methods } = data;
  const percentTotal = methods.filter((m) => m.amountType === PayrollAmountType.Percentage).reduce((s, m) => s + Number(m.amount), 0);
  const hasPercent = methods.some((m) => m.amountType === PayrollAmountType.Percentage);
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">{ONBOARDING_STEP_LABELS[6]}</h2>
      <p className="mt-2 text-sm text-slate-700">How your pay reaches you. Split it between accounts by percentage or by dollar amount; the first method cannot be deleted.</p>
      {toast ? (
        <Alert tone="error" className="mt-4" resetKey={toast}>
          {toast}
        </Alert>
      ) : null}
      <ScrollRegion label="Payroll methods" className="mt-4 overflow-x-auto">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">Your payroll methods, in order</caption>
          <thead>
            <tr className="border-b border-slate-300 bg-slate-50">
              <th scope="col" className="px-3 py-2 font-semibold">
                Method
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Amount
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Account
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {methods.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-3 py-6 text-center text-slate-700">
                  {OnboardingMessages.createPayrollMethods}
                </td>
              </tr>
            ) : (
              methods.map((m, i) => (
                <tr key={m.id}>
                  <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                    {optionText(OPTION_LISTS.payrollMethod, m.method)}
                  </th>
                  <td className="px-3 py-2 tabular-nums">{amountText(m, i === methods.length - 1)}</td>
                  <td className="px-3 py-2">
                    {m.method === PayrollMethodType.Deposit ? (
                      <span>
                        {m.bankName ?? 'Bank'} · {optionText(OPTION_LISTS.payrollAccountType, m.accountType)} <span className="font-mono">{m.accountNumber}</span>
                      </span>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="px-3 py-2 text-right">
                    <span className="inline-flex flex-wrap justify-end gap-2">
                      <Link to={`${here}&method=${m.id}`} preventScrollReset className="font-medium text-brand-800 underline" aria-label={`Edit ${optionText(OPTION_LISTS.payrollMethod, m.method)} ${i + 1}`}>
                        Edit
                      </Link>
                      {i > 0 ? (
                        <Form method="post" preventScrollReset>
                          <input type="hidden" name="screen" value="payrollDelete" />
                          <input type="hidden" name="id" value={m.id} />
                          <button type="submit" className="font-medium text-red-700 underline" aria-label={`Delete ${optionText(OPTION_LISTS.payrollMethod, m.method)} ${i + 1}`}>
                            Delete
                          </button>
                        </Form>
                      ) : null}
                    </span>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </ScrollRegion>
      {hasPercent ? (
        <p className={percentTotal === 100 ? 'mt-2 text-sm text-slate-700' : 'mt-2 text-sm font-medium text-red-700'}>
          {`Total: ${percentTotal}%`}
          {percentTotal === 100 ? null : ` · ${OnboardingMessages.totalSummary}`}
        </p>
      ) : null}
      <Link to={`${here}&method=new`} preventScrollReset className={`${secondaryButtonClass} mt-4`}>
        Add payroll method
      </Link>
      <Form method="post">
        <input type="hidden" name="screen" value="payroll" />
        <WizardActions backTo={backTo} busy={busy} />
      </Form>
      {data.editing ? <MethodDialog method={data.editing === 'new' ? null : data.editing} offered={data.offered} closeTo={here} nextOrder={String(methods.length + 1)} lastResult={lastResult} /> : null}
    </div>
  );
}

function MethodDialog({ method, offered, closeTo, nextOrder, lastResult }: { method: PayrollMethod | null; offered: number[]; closeTo: string; nextOrder: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const navigate = useNavigate();
  const busy = useNavigation().state === 'submitting';
  const [kind, setKind] = useState<number | null>(method?.method ?? null);
  const [amountType, setAmountType] = useState<number | null>(method?.amountType ?? null);
  const bank = useFetcher<BankLookupAnswer>();
  const [routing, setRouting] = useState('');
  const { load } = bank;
  useEffect(() => {
    if (!isValidRoutingNumber(routing)) return;
    startQuietly(() => load(`/bank-lookup?number=${routing}`));
  }, [routing, load]);
  const [form, fields] = useForm({
    id: `payroll-${method?.id ?? 'new'}`,
    lastResult,
    defaultValue: method
      ? {
          method: String(method.method),
          amountType: String(method.amountType),
          amount: method.amountType === PayrollAmountType.RemainingAmount ? undefined : method.amount,
          routingNumber: method.routingNumber ?? undefined,
          accountNumber: method.accountNumber ?? undefined,
          accountType: method.accountType === null ? undefined : String(method.accountType),
        }
      : {},
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ZPayrollMethodRequest }),
  });
  const bankText =
    bank.data?.kind === 'bank' ? bank.data.name : bank.data?.kind === 'unknown' ? 'A valid routing number (bank not in our list)' : isValidRoutingNumber(routing) ? null : routing.length === 9 ? OnboardingMessages.routingInvalid : null;
  return (
    <Modal open wide title={method ? 'Edit payroll method' : 'Add payroll method'} onOpenChange={(open) => (open ? undefined : navigate(closeTo, { preventScrollReset: true }))}>
      <Form method="post" {...getFormProps(form)} preventScrollReset className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="screen" value="payrollMethod" />
        {method ? <input type="hidden" name="id" value={method.id} /> : null}
        <input type="hidden" name="sortOrder" value={method?.sortOrder ?? nextOrder} />
        <SelectField meta={fields.method} label="Method" options={OPTION_LISTS.payrollMethod.filter((o) => offered.includes(o.id))} required onValue={(v) => setKind(Number(v) || null)} />
        <SelectField meta={fields.amountType} label="Amount type" options={OPTION_LISTS.payrollAmountType} required onValue={(v) => setAmountType(Number(v) || null)} />
        {amountType === PayrollAmountType.RemainingAmount ? null : (
          <TextField meta={fields.amount} label={amountType === PayrollAmountType.Percentage ? 'Percentage (%)' : 'Amount ($)'} required className="sm:col-span-2" />
        )}
        {kind === PayrollMethodType.Deposit ? (
          <>
            <div>
              <TextField meta={fields.routingNumber} label="Routing number" autoComplete="off" required hint="9 digits" onValue={(v) => setRouting(v.replace(/\D/g, ''))} />
              <p aria-live="polite" className="mt-1 text-sm text-slate-700">
                {bankText}
              </p>
            </div>
            <TextField meta={fields.accountNumber} label="Account number" autoComplete="off" required />
            <SelectField meta={fields.accountType} label="Account type" options={OPTION_LISTS.payrollAccountType} required />
          </>
        ) : null}
        <div className="mt-2 flex justify-end gap-3 sm:col-span-2">
          <Link to={closeTo} preventScrollReset className={secondaryButtonClass}>
            Cancel
          </Link>
          <button type="submit" disabled={busy} className={primaryButtonClass}>
            Save
          </button>
        </div>
      </Form>
    </Modal>
  );
}
