import type { ReactNode } from 'react';
import { Link, useNavigate } from '@remix-run/react';
import { DENTAL_TYPES, HOUSEHOLD_OPTIONS, MEDICAL_TYPES, PlanTypeIds, VISION_TYPES, type Plan } from '@bp/api/contracts';
import { Modal, primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import { usd } from '~/lib/enrollment-rules';
import type { CompareData } from '~/lib/enrollment.server';
import { cx } from '~/lib/cx';
import { NotListed } from './tables';

/** The benefit-name column: pinned to the left while the plans scroll, with an edge to show it. */
const stickyCell = 'sticky left-0 z-10 w-32 min-w-[8rem] shadow-[1px_0_0_#e2e8f0] sm:w-auto';

type Row = readonly [string, (p: Plan) => ReactNode];

const medical = (f: (b: Extract<Plan['benefits'], { kind: 'medical' }>) => string | null) => (p: Plan) => (p.benefits.kind === 'medical' ? f(p.benefits) : null);
const dental = (f: (b: Extract<Plan['benefits'], { kind: 'dental' }>) => string | null) => (p: Plan) => (p.benefits.kind === 'dental' ? f(p.benefits) : null);
const vision = (f: (b: Extract<Plan['benefits'], { kind: 'vision' }>) => string | null) => (p: Plan) => (p.benefits.kind === 'vision' ? f(p.benefits) : null);

/**
 * What each plan costs at the household chosen above the table, all columns at the same one: per paycheck,
 * per year, what the employer puts in, and for medical plans the employer's money in the paired HSA (part
 * of what a high-deductible plan is worth). The server prices every figure.
 */
function costRows(planTypeId: number): Row[] {
  const from = (p: Plan) => (p.price.from ? 'from ' : '');
  const rows: Row[] = [
    ['Coverage level', (p) => p.price.tierLabel],
    ['Contribution per paycheck', (p) => `${from(p)}${usd(p.price.amount)}`],
    ['Contribution per year', (p) => `${from(p)}${usd(p.price.annualAmount)}`],
    ['Employer pays per paycheck', (p) => (p.price.from ? null : usd(p.price.employerAmount))],
    ['Employer pays per year', (p) => (p.price.from ? null : usd(p.price.annualEmployerAmount))],
  ];
  if (MEDICAL_TYPES.includes(planTypeId)) rows.push(['Employer HSA money per year', (p) => (p.employerHsaAmount === null ? 'None' : usd(p.employerHsaAmount))]);
  return rows;
}

/** The rows of each layout (medical, dental, vision, life or other), after the costs. */
function rowsFor(planTypeId: number): Row[] {
  return [...costRows(planTypeId), ...benefitRows(planTypeId)];
}

function benefitRows(planTypeId: number): Row[] {
  if (MEDICAL_TYPES.includes(planTypeId)) {
    return [
      ['Deductible (single/family)', medical((b) => b.inDeductible)],
      ['Coinsurance', medical((b) => b.inCoinsurance)],
      ['Max out of pocket', medical((b) => b.inMoop)],
      ['PCP copay', medical((b) => b.inPcpCopay)],
      ['Specialist copay', medical((b) => b.inSpecialistCopay)],
      ['ER copay', medical((b) => b.inEmergency)],
      ['Inpatient hospital copay', medical((b) => b.inHospitalCopay)],
      ['Out-of-network deductible', medical((b) => (b.outOfNetwork ? b.outDeductible : 'No out-of-network coverage'))],
      ['Rx generic (retail)', medical((b) => b.rxRetailGeneric)],
      ['Rx preferred (retail)', medical((b) => b.rxRetailPreferred)],
      ['Rx non-preferred (retail)', medical((b) => b.rxRetailNonpreferred)],
      ['HSA qualified', medical((b) => (b.hsaQualified ? 'Yes' : 'No'))],
    ];
  }
  if (DENTAL_TYPES.includes(planTypeId)) {
    return [
      ['Deductible (single)', dental((b) => b.deductibleSingleIn)],
      ['Deductible (family)', dental((b) => b.deductibleFamilyIn)],
      ['Annual maximum', dental((b) => b.annualMaxIn)],
      ['Preventive / diagnostic', dental((b) => b.diagnosticIn)],
      ['Basic', dental((b) => b.basicIn)],
      ['Major', dental((b) => b.majorIn)],
      ['Orthodontics', dental((b) => b.orthoIn)],
      ['Orthodontic max', dental((b) => b.orthoMaxIn)],
    ];
  }
  if (VISION_TYPES.includes(planTypeId)) {
    return [
      ['Exam copay', vision((b) => b.examCopay)],
      ['Exam frequency', vision((b) => b.examFrequency)],
      ['Lenses copay', vision((b) => b.lensesCopay)],
      ['Frames allowance', vision((b) => b.framesAllowanceIn)],
      ['Contacts allowance', vision((b) => b.contactsAllowanceIn)],
    ];
  }
  if (planTypeId === PlanTypeIds.Life || planTypeId === PlanTypeIds.VoluntaryLife) {
    return [
      ['Benefit amount', (p) => (p.benefitAmount ? usd(p.benefitAmount) : null)],
      ['Guarantee issue amount', (p) => (p.guaranteedAmount ? usd(p.guaranteedAmount) : null)],
      ['Carrier', (p) => p.carrier],
    ];
  }
  return [
    ['Carrier', (p) => p.carrier],
    ['Description', (p) => p.description],
  ];
}

/**
 * Compare Plans: the group's plans side by side with a Select per plan, which opens
 * the enrollment dialog with that plan chosen. Addressed by ?compare= so it works without JavaScript.
 */
export function ComparePlansDialog({
  data,
  closeTo,
  selectTo,
  tierTo,
}: {
  data: CompareData;
  closeTo: string;
  selectTo: (planId: number) => string;
  /** Compare Plans priced for another household (?tier=), a link so it works before JavaScript loads. */
  tierTo: (household: number) => string;
}) {
  const navigate = useNavigate();
  const rows = rowsFor(data.enrollment.planTypeId);
  const columns = [...data.previous, ...data.plans];
  const offered = new Set(data.plans.map((p) => p.id));
  return (
    <Modal open xl title="Compare Plans" onOpenChange={(open) => (open ? undefined : navigate(closeTo, { preventScrollReset: true }))}>
      <p className="mt-1 text-sm text-slate-700">{data.enrollment.planType}</p>
      {data.household !== null ? (
        <nav aria-label="Prices for" className="mt-3">
          <p className="text-sm font-medium text-slate-900">
            Prices for
          </p>
          <ul className="mt-1 flex flex-wrap gap-2">
            {HOUSEHOLD_OPTIONS.map((o) => {
              const on = o.value === data.household;
              return (
                <li key={o.value}>
                  <Link
                    to={tierTo(o.value)}
                    replace
                    preventScrollReset
                    aria-current={on ? 'true' : undefined}
                    className={cx(
                      'inline-flex min-h-[2.25rem] items-center rounded-full border px-3 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
                      on ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
                    )}
                  >
                    {o.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      ) : null}
      {columns.length > 1 ? (
        // On a phone the plans do not fit side by side: say so, where the eye is.
        <p className="mt-2 flex items-center gap-1.5 text-xs font-medium text-slate-700 sm:hidden" aria-hidden="true">
          Scroll sideways to see all {columns.length} plans <span>→</span>
        </p>
      ) : null}
      {/* Focusable, so a keyboard can scroll it; the benefit names stay put while the plans move. */}
      <div className="relative mt-2 overflow-x-auto rounded-md border border-slate-200 sm:mt-4" tabIndex={0} role="region" aria-label={`${data.enrollment.planType} plans side by side, ${columns.length} plans`}>
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{`${data.enrollment.planType} plans side by side`}</caption>
          <thead>
            <tr className="border-b border-slate-300 bg-slate-50">
              <th scope="col" className={cx(stickyCell, 'bg-slate-50 px-3 py-2')}>
                <span className="sr-only">Benefit</span>
              </th>
              {columns.map((p) => (
                <th key={p.id} scope="col" className="min-w-[9.5rem] px-3 py-2 font-semibold text-slate-900">
                  {p.title}
                  {p.current ? <span className="ml-1 font-normal text-slate-700">{offered.has(p.id) ? '(current)' : '(your current plan)'}</span> : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label} className="border-b border-slate-200 align-top">
                <th scope="row" className={cx(stickyCell, 'bg-white px-3 py-2 font-medium text-slate-800')}>
                  {label}
                </th>
                {columns.map((p) => {
                  const v = value(p);
                  return (
                    <td key={p.id} className="px-3 py-2 text-slate-700">
                      {v === null || v === '' ? <NotListed /> : v}
                    </td>
                  );
                })}
              </tr>
            ))}
            <tr>
              <td className={cx(stickyCell, 'bg-white')} />
              {columns.map((p) => (
                <td key={p.id} className="px-3 py-3">
                  {!offered.has(p.id) ? null : p.restricted === 0 ? (
                    <Link to={selectTo(p.id)} preventScrollReset aria-label={`Select ${p.title}`} className={primaryButtonClass}>
                      Select
                    </Link>
                  ) : (
                    <span className="text-slate-700">Not Available</span>
                  )}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      <div className="mt-6 flex justify-end">
        <Link to={closeTo} preventScrollReset className={secondaryButtonClass}>
          Close
        </Link>
      </div>
    </Modal>
  );
}
