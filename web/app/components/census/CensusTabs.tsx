import { useState, type ReactNode } from 'react';
import { Form, Link, useNavigation } from '@remix-run/react';
import {
  ENROLLMENT_STATUS_TEXT,
  EnrollmentStatus,
  FileMessages,
  canSaveFile,
  clientDateTime,
  OPTION_LISTS,
  fullName,
  isEntityBeneficiary,
  type Beneficiary,
  type CensusEmployee,
  type Dependent,
  type EmployeeFile,
  type PlanEnrollmentSummary,
} from '@bp/api/contracts';
import { inputClass, primaryButtonClass, ScrollRegion, useHydrated } from '~/components/ui';
import { SecuredValues } from '~/components/SecuredValues';
import { cx } from '~/lib/cx';
import { sitePath } from '~/lib/site';
import { usd } from '~/lib/usd';

/** The census detail's tabs (Personal, Dependents, Beneficiaries, Enrollments, Files): what each shows of the employee. */

export const CENSUS_TEXTS = {
  noDependents: "This employee doesn't have any dependents",
  noBeneficiaries: "This employee doesn't have any beneficiaries",
  notEnrolled: 'This employee is not enrolled in any plans',
  notDeclined: "This employee didn't decline any plans",
  issues: 'This employee has enrollment issues',
} as const;

/** The Enrollments tab: plans elected and plans declined, as HR sees them. */
export function CensusEnrollments({ summary, summaryOf }: { summary: PlanEnrollmentSummary[]; summaryOf: (planId: number) => string }) {
  const elected = summary.filter((r) => r.status === EnrollmentStatus.Enrolled);
  const declined = summary.filter((r) => r.status === EnrollmentStatus.Waived || r.status === EnrollmentStatus.Declined);
  const table = (caption: string, rows: PlanEnrollmentSummary[], empty: string) => (
    <ScrollTable
      caption={caption}
      headers={['Plan', 'Status', 'Dependents', 'Effective From', 'Effective To', 'Policy number', 'Member number', 'Per paycheck']}
    >
      {rows.length === 0
        ? emptyRow(8, empty)
        : rows.map((r) => (
            <tr key={r.enrollmentId}>
              <th scope="row" className={cx(cellClass, 'text-left font-medium text-slate-900')}>
                {r.status === EnrollmentStatus.Enrolled && r.planId !== null ? (
                  <Link to={summaryOf(r.planId)} preventScrollReset className="text-brand-800 underline">
                    {r.planName}
                  </Link>
                ) : r.status === EnrollmentStatus.Enrolled ? (
                  r.planName
                ) : (
                  r.planType
                )}
                {r.status === EnrollmentStatus.Enrolled ? <span className="block text-xs font-normal text-slate-600">{r.planType}</span> : null}
              </th>
              <td className={cellClass}>{ENROLLMENT_STATUS_TEXT[r.status]}</td>
              <td className={cellClass}>{r.dependents.join(', ') || '—'}</td>
              <td className={cellClass}>{r.eligibilityDate ?? '—'}</td>
              <td className={cellClass}>{r.effectiveToDate ?? '—'}</td>
              <td className={cellClass}>{r.policyNumber ?? '—'}</td>
              <td className={cellClass}>{r.memberNumber ?? '—'}</td>
              <td className={cx(cellClass, 'tabular-nums')}>{r.status === EnrollmentStatus.Enrolled ? usd(r.contributionAmount) : '—'}</td>
            </tr>
          ))}
    </ScrollTable>
  );
  return (
    <div>
      {table('Plans elected', elected, CENSUS_TEXTS.notEnrolled)}
      {table('Plans declined', declined, CENSUS_TEXTS.notDeclined)}
    </div>
  );
}

const optionText = (list: ReadonlyArray<{ id: number; text: string }>, id: number | null | undefined) =>
  id === null || id === undefined ? null : list.find((o) => o.id === id)?.text ?? null;

/** The Personal tab: the employee's record, the SSN masked (unlocking it comes with the rest of the census). */
export function CensusPersonal({ profile: p, lock, skipPrompt }: { profile: CensusEmployee; lock: string; skipPrompt: boolean }) {
  const rows: Array<[string, string | null]> = [
    ['Name', fullName({ firstName: p.firstName, lastName: p.lastName }) || null],
    ['Email', p.email],
    ['Date of birth', p.birthDate],
    ['Gender', optionText(OPTION_LISTS.gender, p.gender)],
    ['Marital status', optionText(OPTION_LISTS.maritalStatus, p.maritalStatusId)],
    ['Address', [p.address1, p.address2, [p.city, p.state].filter(Boolean).join(', '), p.zip].filter(Boolean).join(' · ') || null],
    ['Cell phone', p.cellPhone],
    ['Home phone', p.homePhone],
    ['Office phone', p.officePhone],
    ['Title', p.title],
    ['Hire date', p.hireDate],
    ['Employment status', optionText(OPTION_LISTS.employmentStatus, p.employmentId)],
    ['Pay type', p.employmentType === 2 ? 'Wage/hour' : p.employmentType === null ? null : 'Salary'],
    ['Work hours', p.workHours],
    ['Eligibility date', p.eligibilityDate],
    ['New hire', p.newHire ? 'Yes' : 'No'],
  ];
  return (
    <div>
      <dl className="mt-5 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-slate-900">{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
      <SecuredSection title="Secured data">
        <SecuredValues
          action={lock}
          skipPrompt={skipPrompt}
          items={[
            { key: 'ssn', label: 'SSN', masked: p.ssn ?? 'XXX-XX-XXXX' },
            { key: 'income', label: 'Income', masked: 'Hidden' },
          ]}
        />
      </SecuredSection>
    </div>
  );
}

function SecuredSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="mt-6 rounded-lg border border-slate-200 p-4">
      <h3 className="mb-3 text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/** A table that scrolls on its own (focusable for the keyboard) when it is wider than the panel. */
function ScrollTable({ caption, headers, children }: { caption: string; headers: readonly string[]; children: ReactNode }) {
  return (
    <ScrollRegion label={caption} className="mt-5 overflow-x-auto">
      <table className="w-full min-w-[40rem] border-collapse text-sm">
        <caption className="pb-2 text-left text-base font-semibold text-slate-900">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 bg-slate-50 text-left text-slate-800">
            {headers.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </ScrollRegion>
  );
}

const cellClass = 'px-3 py-2 align-top';
const emptyRow = (span: number, text: string) => (
  <tr>
    <td colSpan={span} className="px-3 py-4 text-slate-700">
      {text}
    </td>
  </tr>
);

export function CensusDependents({ dependents, lock, skipPrompt }: { dependents: Dependent[]; lock: string; skipPrompt: boolean }) {
  return (
    <>
      <ScrollTable caption="Dependents" headers={['Name', 'Relationship', 'Date of birth', 'Gender', 'SSN']}>
        {dependents.length === 0
          ? emptyRow(5, CENSUS_TEXTS.noDependents)
          : dependents.map((d) => (
              <tr key={d.id}>
                <th scope="row" className={cx(cellClass, 'text-left font-medium text-slate-900')}>
                  {[d.firstName, d.lastName].filter(Boolean).join(' ') || '—'}
                </th>
                <td className={cellClass}>{d.relationshipType ?? '—'}</td>
                <td className={cellClass}>{d.birthDate ?? '—'}</td>
                <td className={cellClass}>{optionText(OPTION_LISTS.gender, d.gender) ?? '—'}</td>
                <td className={cx(cellClass, 'font-mono')}>{d.ssn ?? '—'}</td>
              </tr>
            ))}
      </ScrollTable>
      {dependents.some((d) => d.ssn) ? (
        <SecuredSection title="Social Security Numbers">
          <SecuredValues
            action={lock}
            skipPrompt={skipPrompt}
            items={dependents
              .filter((d) => d.ssn)
              .map((d) => ({
                key: `ssn-${d.id}`,
                label: [d.firstName, d.lastName].filter(Boolean).join(' '),
                masked: d.ssn!,
              }))}
          />
        </SecuredSection>
      ) : null}
    </>
  );
}

export function CensusBeneficiaries({ beneficiaries, lock, skipPrompt }: { beneficiaries: Beneficiary[]; lock: string; skipPrompt: boolean }) {
  const secured = beneficiaries.flatMap((b) => {
    const entity = isEntityBeneficiary(b.relationshipTypeId);
    const masked = entity ? b.taxId : b.ssn;
    return masked
      ? [
          {
            key: `${entity ? 'taxId' : 'ssn'}-${b.id}`,
            label: fullName(b),
            masked,
          },
        ]
      : [];
  });
  return (
    <>
      <ScrollTable caption="Beneficiaries" headers={['Name', 'Relationship', 'Type', 'Share', 'Date of birth', 'SSN or tax id']}>
        {beneficiaries.length === 0
          ? emptyRow(6, CENSUS_TEXTS.noBeneficiaries)
          : beneficiaries.map((b) => (
              <tr key={b.id}>
                <th scope="row" className={cx(cellClass, 'text-left font-medium text-slate-900')}>
                  {fullName(b)}
                </th>
                <td className={cellClass}>{b.relationshipType ?? '—'}</td>
                <td className={cellClass}>{b.beneficiaryTypeName}</td>
                <td className={cellClass}>{`${b.share}%`}</td>
                <td className={cellClass}>{b.birthDate ?? '—'}</td>
                <td className={cx(cellClass, 'font-mono')}>{(isEntityBeneficiary(b.relationshipTypeId) ? b.taxId : b.ssn) ?? '—'}</td>
              </tr>
            ))}
      </ScrollTable>
      {secured.length ? (
        <SecuredSection title="Social Security Numbers and tax ids">
          <SecuredValues action={lock} skipPrompt={skipPrompt} items={secured} />
        </SecuredSection>
      ) : null}
    </>
  );
}

/**
 * The Files tab: the employee's files, each opening in a new window, and
 * one upload at a time with its title. Save waits for a file and a title (canSaveFile); the type is read
 * from the bytes on the server.
 */
export function CensusFiles({ files, employeeId, canUpload }: { files: EmployeeFile[]; employeeId: number; canUpload: boolean }) {
  return (
    <div>
      {files.length === 0 ? (
        <p className="mt-5 text-sm text-slate-700">{FileMessages.noFiles}</p>
      ) : (
        <ul aria-label="Files" className="mt-5 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {files.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <a href={sitePath(`/files/${f.id}`)} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-800 underline">
                {f.title}
                <span className="sr-only"> (opens in a new window)</span>
              </a>
              <span className="text-slate-600">{`${clientDateTime(f.createdOn, f.timeZone)} · ${Math.max(1, Math.round(f.sizeBytes / 1024))} KB`}</span>
            </li>
          ))}
        </ul>
      )}
      {/* A saved file joins the list: the form starts afresh (title and file cleared); after an error it keeps both. */}
      {canUpload ? <CensusUploadForm key={Math.max(0, ...files.map((f) => f.id))} employeeId={employeeId} /> : null}
    </div>
  );
}

function CensusUploadForm({ employeeId }: { employeeId: number }) {
  const [hasFile, setHasFile] = useState(false);
  const [title, setTitle] = useState('');
  const navigation = useNavigation();
  const uploading = navigation.state === 'submitting' && navigation.formAction?.includes('/census-upload') === true;
  const hydrated = useHydrated();
  return (
        <Form
          method="post"
          encType="multipart/form-data"
          action={`/census-upload?employee=${employeeId}`}
          className="mt-5 grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        >
          <div>
            <label htmlFor="file-title" className="block text-sm font-medium text-slate-800">
              Title
            </label>
            <input id="file-title" name="title" required value={title} onChange={(e) => setTitle(e.currentTarget.value)} className={inputClass} />
          </div>
          <div>
            <label htmlFor="file-input" className="block text-sm font-medium text-slate-800">
              File (up to 10 MB)
            </label>
            <input id="file-input" name="file" type="file" required onChange={(e) => setHasFile((e.currentTarget.files?.length ?? 0) > 0)} className="mt-1 block text-sm" />
          </div>
          <button type="submit" disabled={hydrated && !canSaveFile({ hasFile, title, uploading })} className={primaryButtonClass}>
            Save
          </button>
        </Form>
  );
}
