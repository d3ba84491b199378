import { Link, useNavigate } from '@remix-run/react';
import {
  FSA_ACCOUNT_NAMES,
  FSA_ACCOUNTS,
  hasTiers,
  parseMoney,
  payFrequencyName,
  PlanMessages,
  PlanTypeIds,
  formatUsd,
  type PlanCoverage,
} from '@bp/api/contracts';
import { Modal, secondaryButtonClass } from '~/components/ui';
import { usd } from '~/lib/enrollment-rules';
import type { PlanSummaryData } from '~/lib/enrollment.server';
import { sitePath } from '~/lib/site';
import { InfoTable, Skeleton } from './tables';

/** Types whose summary lists the coverage rows. */
const COVERAGE_TYPES: readonly number[] = [PlanTypeIds.STD, PlanTypeIds.LTD, PlanTypeIds.VoluntaryLife, PlanTypeIds.Life];

const yesNo = (v: '0' | '1') => (v === '1' ? 'Yes' : 'No');

/**
 * The Plan Summary modal: a type-specific summary, the SBC link, coverage rows and
 * the disclaimer. `data` null draws the skeleton while the page loads it.
 */
export function PlanSummaryModal({ data, eoi, closeTo }: { data: PlanSummaryData | null; eoi: boolean; closeTo: string }) {
  const navigate = useNavigate();
  return (
    <Modal open xl title="Plan Summary" onOpenChange={(open) => (open ? undefined : navigate(closeTo, { preventScrollReset: true }))}>
      {data ? <SummaryBody data={data} eoi={eoi} /> : <Skeleton lines={8} />}
      <div className="mt-6 flex justify-end">
        <Link to={closeTo} preventScrollReset className={secondaryButtonClass}>
          Close
        </Link>
      </div>
    </Modal>
  );
}

function SummaryBody({ data, eoi }: { data: PlanSummaryData; eoi: boolean }) {
  const { plan, custom, coverage } = data;
  const showCoverage = COVERAGE_TYPES.includes(plan.planTypeId) || (!hasTiers(plan.tierStructure) && plan.ageBandedRateType > 0);
  return (
    <div className="mt-4 text-sm text-slate-800">
      <h3 className="text-base font-semibold text-slate-900">{plan.title}</h3>
      <p className="text-slate-700">
        {plan.planType}
        {plan.carrier ? ` · ${plan.carrier}` : null}
        {` · Effective ${plan.effectiveDate}`}
      </p>
      {plan.description ? <p className="mt-2 text-slate-700">{plan.description}</p> : null}
      {plan.fileId !== null ? (
        <p className="mt-3">
          <a href={sitePath(`/files/${plan.fileId}`)} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline hover:text-brand-800">
            View Summary of Benefits and Coverage (SBC)
            <span className="sr-only"> (opens in a new window)</span>
          </a>
        </p>
      ) : null}
      <CostTable data={data} />
      <BenefitTables data={data} eoi={eoi} />
      {showCoverage && coverage ? <CoverageRows coverage={coverage} /> : null}
      {plan.benefits.kind !== 'custom' && custom.length > 0 && plan.benefits.kind !== 'disability' ? (
        <InfoTable caption="Additional information" columns={['', 'Value']} rows={custom.map((f) => [f.fieldLabel, f.fieldValue] as const)} />
      ) : null}
      <p className="mt-6 rounded-md bg-slate-100 px-3 py-2 text-xs text-slate-700">{PlanMessages.disclaimer}</p>
    </div>
  );
}

/**
 * What the plan costs the employee and what the employer puts in, per paycheck and per year, as the server
 * priced it: at the tier the election's people make in this plan, or for a plan without
 * a fixed price the cheapest choice, 'from $X'; for medical, the employer's HSA money too.
 */
function CostTable({ data }: { data: PlanSummaryData }) {
  const { plan, payPeriods } = data;
  const { price } = plan;
  const priced = price.tier !== null || price.from;
  if (!priced && plan.employerHsaAmount === null) return null;
  const from = price.from ? 'from ' : '';
  const rows: Array<readonly [string, string, string]> = priced ? [['Your cost', `${from}${usd(price.amount)}`, `${from}${usd(price.annualAmount)}`]] : [];
  // Before a choice of amount the employer's share depends on it: shown once there is a tier's price.
  if (priced && !price.from) rows.push(['Employer pays', usd(price.employerAmount), usd(price.annualEmployerAmount)]);
  if (plan.employerHsaAmount !== null) rows.push(['Employer HSA money', '—', usd(plan.employerHsaAmount)]);
  return <InfoTable caption={`Cost${price.tierLabel ? ` (${price.tierLabel})` : ''}: ${payFrequencyName(payPeriods)}`} columns={['', 'Per paycheck', 'Per year']} rows={rows} />;
}

function BenefitTables({ data, eoi }: { data: PlanSummaryData; eoi: boolean }) {
  const { plan, custom, enrollment, limits } = data;
  const b = plan.benefits;
  switch (b.kind) {
    case 'medical':
      return (
        <>
          <InfoTable
            caption="In-network"
            columns={['', 'In-network']}
            rows={[
              ['Deductible (single/family)', b.inDeductible],
              ['Coinsurance', b.inCoinsurance],
              ['Max out of pocket', b.inMoop],
              ['PCP copay', b.inPcpCopay],
              ['Specialist copay', b.inSpecialistCopay],
              ['Inpatient hospital copay', b.inHospitalCopay],
              ['ER copay', b.inEmergency],
              ['Lab', b.inLaboratory],
              ['X-ray', b.inXray],
              ['Imaging', b.inImaging],
            ]}
          />
          {b.outOfNetwork ? (
            <InfoTable
              caption="Out-of-network"
              columns={['', 'Out-of-network']}
              rows={[
                ['Deductible', b.outDeductible],
                ['Coinsurance', b.outCoinsurance],
                ['Max out of pocket', b.outMoop],
                ['UCR level', b.outUcrLevel],
              ]}
            />
          ) : (
            <p className="mt-4">{PlanMessages.noOutOfNetwork}</p>
          )}
          <InfoTable
            caption={b.rxRetail ? `Pharmacy (retail: ${b.rxRetail})` : 'Pharmacy'}
            columns={['', 'Retail', 'Mail order']}
            rows={[
              ['Generic', b.rxRetailGeneric, b.rxMailOrderGeneric],
              ['Preferred', b.rxRetailPreferred, b.rxMailOrderPreferred],
              ['Non-preferred', b.rxRetailNonpreferred, b.rxMailOrderNonpreferred],
              ['Deductible', b.rxRetailDeductible, b.rxMailOrderDeductible],
            ]}
          />
        </>
      );
    case 'dental':
      return (
        <InfoTable
          caption="Dental benefits"
          columns={['', 'In-network', 'Out-of-network', 'Waiting period']}
          rows={[
            ['Deductible (single)', b.deductibleSingleIn, b.deductibleSingleOut, null],
            ['Deductible (family)', b.deductibleFamilyIn, b.deductibleFamilyOut, null],
            ['Annual maximum', b.annualMaxIn, b.annualMaxOut, null],
            ['Preventive / diagnostic', b.diagnosticIn, b.diagnosticOut, null],
            ['Basic', b.basicIn, b.basicOut, b.basicWait],
            ['Major', b.majorIn, b.majorOut, b.majorWait],
            ['Periodontics', b.periodonticsIn, b.periodonticsOut, b.periodonticsWait],
            ['Endodontics', b.endodonticsIn, b.endodonticsOut, b.endodonticsWait],
            ['Orthodontics', b.orthoIn, b.orthoOut, b.orthoWait],
            ['Orthodontic max', b.orthoMaxIn, b.orthoMaxOut, b.orthoMaxType],
          ]}
        />
      );
    case 'vision':
      return (
        <InfoTable
          caption="Vision benefits"
          columns={['', 'Frequency', 'Copay', 'In-network allowance', 'Out-of-network allowance', 'Deductible']}
          rows={[
            ['Exam', b.examFrequency, b.examCopay, b.examAllowanceIn, b.examAllowanceOut, b.examDeductible],
            ['Lenses', b.lensesFrequency, b.lensesCopay, b.lensesAllowanceIn, b.lensesAllowanceOut, b.lensesDeductible],
            ['Frames', b.framesFrequency, b.framesCopay, b.framesAllowanceIn, b.framesAllowanceOut, b.framesDeductible],
            ['Contacts', b.contactsFrequency, b.contactsCopay, b.contactsAllowanceIn, b.contactsAllowanceOut, b.contactsDeductible],
          ]}
        />
      );
    case 'life':
      return (
        <>
          <InfoTable
            caption="Group life"
            columns={['', 'Value']}
            rows={[
              ['Plan type', b.lifeType],
              ['Benefit amount', plan.benefitAmount ? usd(plan.benefitAmount) : null],
              ['Guarantee issue amount', plan.guaranteedAmount ? usd(plan.guaranteedAmount) : null],
            ]}
          />
          {eoi ? (
            <p role="note" className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950">
              {PlanMessages.eoiWarning}
            </p>
          ) : null}
        </>
      );
    case 'voluntaryLife':
      return (
        <InfoTable
          caption="Voluntary life"
          columns={['', 'Value']}
          rows={[
            ['Portability', yesNo(b.portability)],
            ['Conversion', yesNo(b.conversion)],
          ]}
        />
      );
    case 'disability':
      return (
        <InfoTable
          caption={plan.planType}
          columns={['', 'Value']}
          rows={[
            ['Elimination period', b.eliminationPeriod],
            ['Benefit percentage', b.benefitPercentage],
            ['Benefit maximum', `${usd(b.maxAmount)} per ${b.benefitPeriod}`],
            ['Benefit period', b.benefitPeriod === 'week' ? 'Weekly' : 'Monthly'],
            ...custom.map((f) => [f.fieldLabel, f.fieldValue] as const),
          ]}
        />
      );
    case 'fsa': {
      const accountLimits = limits?.kind === 'fsa' ? limits.accounts : [];
      return (
        <InfoTable
          caption="Flexible spending accounts"
          columns={['', 'Your Annual Contribution', 'Annual Limit']}
          rows={[
            ...FSA_ACCOUNTS.filter((a) => b.accounts[a].enabled).map(
              (a) => [FSA_ACCOUNT_NAMES[a], usd(enrollment?.fsaContributionAmounts[a]), usd(accountLimits.find((l) => l.account === a)?.limit ?? b.accounts[a].eeLimit)] as const,
            ),
            ['Grace period', b.fsaGracePeriod, null],
            ['Rollover', b.fsaRollover, null],
          ]}
        />
      );
    }
    case 'hsa':
      return (
        <InfoTable
          caption="Health savings account"
          columns={['', 'Value']}
          rows={[
            ['Your annual contribution', usd(enrollment?.hsaContributionAmount)],
            ['Annual limit (single)', usd(b.singleLimit)],
            ['Annual limit (family)', usd(b.familyLimit)],
            ['Catch-up (age 55 or older)', usd(b.catchup)],
            ...(limits?.kind === 'hsa' ? [['Employer contribution', usd(limits.contribution)] as const] : []),
          ]}
        />
      );
    case 'hra':
      return (
        <InfoTable
          caption="Health reimbursement arrangement"
          columns={['', 'Value']}
          rows={[
            ['Single', usd(b.singleAmount)],
            ['Family', usd(b.familyAmount)],
            ['Description', b.description],
          ]}
        />
      );
    case 'custom':
      return custom.length > 0 ? <InfoTable caption="Plan details" columns={['', 'Value']} rows={custom.map((f) => [f.fieldLabel, f.fieldValue] as const)} /> : null;
  }
}

/** Employee, spouse and children coverage, 'per {period}', with the employee's EOI wording when above guaranteed issue. */
function CoverageRows({ coverage }: { coverage: PlanCoverage }) {
  const per = coverage.benefitPeriod ? ` per ${coverage.benefitPeriod}` : '';
  const rows: Array<readonly [string, string]> = [];
  if (coverage.employee) rows.push(['Employee', `${usd(coverage.employee)}${per}`]);
  if (coverage.spouse) rows.push(['Spouse', `${usd(coverage.spouse)}${per}`]);
  if (coverage.children) rows.push(['Children', `${usd(coverage.children)}${per}`]);
  if (rows.length === 0) return null;
  const amount = parseMoney(coverage.employee);
  const gi = parseMoney(coverage.employeeGuaranteedAmount);
  return (
    <>
      <InfoTable caption="Coverage" columns={['', 'Amount']} rows={rows} />
      {amount !== null && gi !== null && gi < amount ? (
        <p className="mt-3 text-slate-700">
          {`Employee coverage of ${formatUsd(amount)} applies after your Evidence of Insurability is approved. Without approved Evidence of Insurability, the guaranteed issue amount of ${formatUsd(gi)} applies.`}
        </p>
      ) : null}
    </>
  );
}

