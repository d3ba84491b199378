import { useId, useState } from 'react';
import { Form, Link, useNavigation } from '@remix-run/react';
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { EnrollmentMessages, EnrollmentStatus, WAIVER_REASON_OTHER, ZDeclineForm } from '@bp/api/contracts';
import { FieldError, inputClass, labelClass, primaryButtonClass, secondaryButtonClass, useHydrated } from '~/components/ui';
import { isWaivable } from '~/lib/enrollment-rules';
import type { EnrollDialogData } from '~/lib/enrollment.server';

const DECLINE_LABELS = { do_not_have_coverage: 'I do not have other coverage', have_other_coverage: 'I have other coverage' } as const;

const MEMBER_LABELS = { self: 'Self', spouse: 'My spouse', other: 'Other' } as const;

/** The Decline Coverage form, validated by the shared schema here and in the action. */
export function DeclineForm({ data, closeTo, lastResult }: { data: EnrollDialogData; closeTo: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const hydrated = useHydrated();
  const busy = useNavigation().state === 'submitting';
  const waivable = isWaivable(data.enrollment.planTypeId);
  const w = data.enrollment.waiver;
  const [form, fields] = useForm({
    id: `decline-${data.enrollment.id}`,
    lastResult,
    defaultValue: w
      ? {
          declineReason: 'have_other_coverage',
          waiverReason: w.reasonId === null ? undefined : String(w.reasonId),
          insuranceCompany: w.carrierName ?? undefined,
          policyNumber: w.policyNumber ?? undefined,
          reasonOther: w.reasonOther ?? undefined,
          member: w.member ?? undefined,
          firstName: w.firstName ?? undefined,
          lastName: w.lastName ?? undefined,
        }
      : data.enrollment.status === EnrollmentStatus.Declined && !data.enrollment.isNewOE
        ? { declineReason: 'do_not_have_coverage' }
        : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ZDeclineForm }),
  });
  const [reason, setReason] = useState<string>(String(fields.declineReason.initialValue ?? ''));
  const [waiverReason, setWaiverReason] = useState<string>(String(fields.waiverReason.initialValue ?? ''));
  const [member, setMember] = useState<string>(String(fields.member.initialValue ?? ''));
  const other = !hydrated || reason === 'have_other_coverage';
  const isOther = !hydrated || waiverReason === String(WAIVER_REASON_OTHER);
  const memberOther = !hydrated || member === 'other';
  const chooseFirst = waivable && hydrated && reason === '';
  const hintId = useId();

  const text = (meta: typeof fields.insuranceCompany, label: string) => (
    <div>
      <label htmlFor={meta.id} className={labelClass}>
        {label}
      </label>
      <input {...getInputProps(meta, { type: 'text' })} className={inputClass} />
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );

  return (
    <Form method="post" preventScrollReset {...getFormProps(form)}>
      <input type="hidden" name="screen" value="decline" />
      <input type="hidden" name="enrollmentId" value={data.enrollment.id} />
      <input type="hidden" name="planTypeId" value={data.enrollment.planTypeId} />
      <h3 className="text-sm font-semibold text-slate-900">Decline Coverage</h3>
      {waivable ? (
        <div className="mt-3 space-y-4">
          <fieldset aria-describedby={fields.declineReason.errors ? fields.declineReason.errorId : undefined}>
            <legend className={labelClass}>Reason</legend>
            <div className="mt-2 space-y-2">
              {(['do_not_have_coverage', 'have_other_coverage'] as const).map((value) => (
                <label key={value} className="flex items-center gap-2 text-sm text-slate-900">
                  <input
                    type="radio"
                    name={fields.declineReason.name}
                    value={value}
                    defaultChecked={fields.declineReason.initialValue === value}
                    onChange={() => setReason(value)}
                    className="h-4 w-4"
                  />
                  {DECLINE_LABELS[value]}
                </label>
              ))}
            </div>
            <FieldError id={fields.declineReason.errorId} errors={fields.declineReason.errors} />
          </fieldset>
          {other ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <label htmlFor={fields.waiverReason.id} className={labelClass}>
                  Reason for waiving
                </label>
                <select {...getSelectProps(fields.waiverReason)} onChange={(event) => setWaiverReason(event.currentTarget.value)} className={inputClass}>
                  <option value="">Choose a reason</option>
                  {data.waiverReasons.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.text}
                    </option>
                  ))}
                </select>
                <FieldError id={fields.waiverReason.errorId} errors={fields.waiverReason.errors} />
              </div>
              {text(fields.insuranceCompany, 'Insurance company')}
              {text(fields.policyNumber, 'Policy number')}
              {isOther ? (
                <>
                  <div className="sm:col-span-2">{text(fields.reasonOther, 'Other reason')}</div>
                  <fieldset className="sm:col-span-2" aria-describedby={fields.member.errors ? fields.member.errorId : undefined}>
                    <legend className={labelClass}>Who has the other coverage?</legend>
                    <div className="mt-2 flex flex-wrap gap-4">
                      {(['self', 'spouse', 'other'] as const).map((value) => (
                        <label key={value} className="inline-flex items-center gap-2 text-sm text-slate-900">
                          <input type="radio" name={fields.member.name} value={value} defaultChecked={fields.member.initialValue === value} onChange={() => setMember(value)} className="h-4 w-4" />
                          {MEMBER_LABELS[value]}
                        </label>
                      ))}
                    </div>
                    <FieldError id={fields.member.errorId} errors={fields.member.errors} />
                  </fieldset>
                  {memberOther ? (
                    <>
                      {text(fields.firstName, 'First name')}
                      {text(fields.lastName, 'Last name')}
                    </>
                  ) : null}
                </>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : (
        <>
          <input type="hidden" name={fields.declineReason.name} value="do_not_have_coverage" />
          <p className="mt-2 text-sm text-slate-700">{`You are declining ${data.enrollment.planType}. You can change this until the enrollment period ends.`}</p>
        </>
      )}
      <div className="mt-6 flex flex-wrap items-center justify-end gap-3">
        {chooseFirst ? (
          <p id={hintId} className="mr-auto text-sm text-slate-700">
            {EnrollmentMessages.chooseReasonHint}
          </p>
        ) : null}
        <Link to={closeTo} preventScrollReset className={secondaryButtonClass}>
          Cancel
        </Link>
        <button type="submit" disabled={busy || chooseFirst} aria-describedby={chooseFirst ? hintId : undefined} className={primaryButtonClass}>
          {chooseFirst ? EnrollmentMessages.pleaseChooseReason : 'Decline'}
        </button>
      </div>
    </Form>
  );
}
