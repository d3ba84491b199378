import { ContributionMessages, type FieldError } from './contribution-messages';
import { divRound } from './money';

/**
 * Voluntary life: the amounts each member may choose (with the age reductions), the spouse's and children's
 * maximums that follow the employee's amount, the form's rules, and when Evidence of Insurability is required.
 * Its premium is ContributionEngine.voluntaryLifeCost.
 */

export interface VoluntaryLifeMember {
  minCents: number;
  maxCents: number;
  incrementCents: number;
  /** Guaranteed issue: above it the Evidence of Insurability form is required. */
  giCents: number;
}

export interface VoluntaryLifeRules {
  employee: VoluntaryLifeMember;
  /** Spouse maximum = employee amount x percent / 100. */
  spouse: (VoluntaryLifeMember & { percent: number }) | null;
  /** Children: fixed options, also capped at employee amount x percent / 100. */
  child: { percent: number; amountsCents: number[]; giCents: number } | null;
  /** From each age on, the benefit is reduced by percent (age reduction schedule). */
  reductions: { age: number; percent: number }[];
}

export interface AmountOption {
  originalCents: number;
  reducedCents: number;
}

export interface VoluntaryLifeElection {
  employeeCents: number | null;
  spouseCents: number | null;
  childrenCents: number | null;
}

/** The benefit after the age reduction in force at `age`. */
export function reducedAmount(originalCents: number, age: number | null, reductions: VoluntaryLifeRules['reductions']): number {
  if (age === null) return originalCents;
  const step = reductions.filter((r) => age >= r.age).sort((a, b) => b.age - a.age)[0];
  return step ? originalCents - divRound(originalCents * step.percent, 100) : originalCents;
}

export function amountOptions(member: Pick<VoluntaryLifeMember, 'minCents' | 'maxCents' | 'incrementCents'>, age: number | null, reductions: VoluntaryLifeRules['reductions']): AmountOption[] {
  const out: AmountOption[] = [];
  if (member.incrementCents <= 0) return out;
  for (let v = member.minCents; v <= member.maxCents; v += member.incrementCents) out.push({ originalCents: v, reducedCents: reducedAmount(v, age, reductions) });
  return out;
}

/**
 * Spouse or child maximum: employee amount x percent / 100, taken to the largest option whose reduced
 * value does not exceed it. null when no option fits.
 */
export function maximumOption(options: readonly AmountOption[], employeeCents: number, percent: number): AmountOption | null {
  let best: AmountOption | null = null;
  for (const o of options) {
    // Compared as o <= employee * percent / 100, multiplied out so nothing is rounded.
    if (o.reducedCents * 100 <= employeeCents * percent && (best === null || o.reducedCents > best.reducedCents)) best = o;
  }
  return best;
}

export interface VoluntaryLifeLimits {
  employeeAmounts: AmountOption[];
  spouseAmounts: AmountOption[];
  childrenAmounts: AmountOption[];
  spouseMax: AmountOption | null;
  childMax: AmountOption | null;
}

export function voluntaryLifeLimits(rules: VoluntaryLifeRules, employeeCents: number | null, ages: { employee: number | null; spouse: number | null }): VoluntaryLifeLimits {
  const employeeAmounts = amountOptions(rules.employee, ages.employee, rules.reductions);
  const spouseAmounts = rules.spouse ? amountOptions(rules.spouse, ages.spouse, rules.reductions) : [];
  const childrenAmounts = rules.child ? rules.child.amountsCents.map((v) => ({ originalCents: v, reducedCents: v })) : [];
  const emp = employeeCents ?? 0;
  return {
    employeeAmounts,
    spouseAmounts,
    childrenAmounts,
    spouseMax: rules.spouse ? maximumOption(spouseAmounts, emp, rules.spouse.percent) : null,
    childMax: rules.child ? maximumOption(childrenAmounts, emp, rules.child.percent) : null,
  };
}

/** Every rule of the voluntary life form; an empty list means the election may be saved. */
export function voluntaryLifeErrors(rules: VoluntaryLifeRules, election: VoluntaryLifeElection, ages: { employee: number | null; spouse: number | null }): FieldError[] {
  const errors: FieldError[] = [];
  if (election.employeeCents === null || election.employeeCents <= 0) return [{ path: 'coverageAmounts.employee', message: ContributionMessages.fieldRequired }];
  const limits = voluntaryLifeLimits(rules, election.employeeCents, ages);
  if (!limits.employeeAmounts.some((o) => o.originalCents === election.employeeCents)) errors.push({ path: 'coverageAmounts.employee', message: ContributionMessages.notAnOption });
  const check = (path: string, chosen: number | null, options: AmountOption[], max: AmountOption | null) => {
    if (chosen === null || chosen === 0) return;
    if (max === null || chosen > max.originalCents) errors.push({ path, message: ContributionMessages.maximumAmount(max?.originalCents ?? 0) });
    else if (!options.some((o) => o.originalCents === chosen)) errors.push({ path, message: ContributionMessages.notAnOption });
  };
  check('coverageAmounts.spouse', election.spouseCents, limits.spouseAmounts, limits.spouseMax);
  check('coverageAmounts.children', election.childrenCents, limits.childrenAmounts, limits.childMax);
  return errors;
}

/** What EOI is decided by: each member's guaranteed issue (a member the plan does not cover has none). */
export interface GuaranteedIssue {
  employee: Pick<VoluntaryLifeMember, 'giCents'>;
  spouse: Pick<VoluntaryLifeMember, 'giCents'> | null;
  child: Pick<VoluntaryLifeMember, 'giCents'> | null;
}

/** Members whose chosen amount exceeds the guaranteed issue: EOI is required for them (the quote and the form's note). */
export function eoiRequired(rules: GuaranteedIssue, election: VoluntaryLifeElection): Array<'employee' | 'spouse' | 'children'> {
  const out: Array<'employee' | 'spouse' | 'children'> = [];
  if ((election.employeeCents ?? 0) > rules.employee.giCents) out.push('employee');
  if (rules.spouse && (election.spouseCents ?? 0) > rules.spouse.giCents) out.push('spouse');
  if (rules.child && (election.childrenCents ?? 0) > rules.child.giCents) out.push('children');
  return out;
}
