import type { z } from 'zod';
import { PlanTypeIds } from '../engine/plan-types';
import type { TierStructure } from '../engine/tiers';
import type { PlanBenefits } from '../plans';
import { ImportMessages, IssueList, checkLayout, type ReadWorkbook, type SheetRow } from './issues';
import type { ImportedPlan, RateSheetResult } from './model';
import { assemblePlan, benefitKind, planKey, type GatheredRows, type PlanDraft, type RateDraft } from './plan-assembly';
import { RATE_AGES, RATED_KINDS, agesReversed, overlapsBand, rateTiers } from './rate-rules';
import { ZFsaRow, ZHraRow, ZHsaRow, ZPlanRow, ZPlanYearRow, ZRateRow, ZVoluntaryLifeRow } from './rows';
import { OPTIONAL_SHEETS, RATE_LAYOUT, RATE_SHEET_NAMES, RATE_SHEET_ORDER } from './template';

/**
 * Reads a workbook's text into the plans of one plan year, or every problem it has. Row checks first
 * (each cell's format), then the rules across rows (names that must match, a rate per tier, one HSA row).
 */
export function parseRateSheet(workbook: ReadWorkbook): RateSheetResult {
  const issues = new IssueList(workbook);
  if (!checkLayout(workbook, RATE_LAYOUT, issues, OPTIONAL_SHEETS)) return { ok: false, issues: issues.sorted(RATE_SHEET_ORDER) };
  const rows = (sheet: string) => workbook[sheet]?.rows ?? [];
  const S = RATE_SHEET_NAMES;

  // Plan year: exactly one row.
  const yearRows = rows(S.planYear);
  let planYear: { start: string; end: string } | null = null;
  if (yearRows.length !== 1) issues.add(S.planYear, yearRows[1]?.row ?? 2, 'Plan year starts', ImportMessages.planYearRows);
  else {
    const y = issues.parse(S.planYear, ZPlanYearRow, yearRows[0]!);
    if (y) {
      const limit = `${Number(y['Plan year starts'].slice(0, 4)) + 1}${y['Plan year starts'].slice(4)}`;
      if (y['Plan year ends'] <= y['Plan year starts'] || y['Plan year ends'] >= limit) issues.add(S.planYear, yearRows[0]!.row, 'Plan year ends', ImportMessages.planYearEnd);
      else planYear = { start: y['Plan year starts'], end: y['Plan year ends'] };
    }
  }

  // Plans: each row alone, then names unique.
  const plans = new Map<string, PlanDraft>();
  const key = planKey;
  for (const r of rows(S.plans)) {
    const p = issues.parse(S.plans, ZPlanRow, r);
    if (!p) continue;
    if (plans.has(key(p['Plan name']))) {
      issues.add(S.plans, r.row, 'Plan name', ImportMessages.duplicatePlan);
      continue;
    }
    const type = p['Plan type'];
    const structure: TierStructure = type === PlanTypeIds.VoluntaryLife ? 5 : (p.Tiers ?? (type === PlanTypeIds.HSA ? 4 : 2));
    plans.set(key(p['Plan name']), { row: r.row, p, structure });
  }
  const planOf = (sheet: string, r: SheetRow, kinds: readonly PlanBenefits['kind'][] | null): PlanDraft | null => {
    const n = r.cells['Plan name']?.trim() ?? '';
    if (n === '') return null;
    const d = plans.get(key(n));
    if (!d) {
      // A row whose plan failed its own checks is not a second problem.
      if (!rows(S.plans).some((x) => key(x.cells['Plan name'] ?? '') === key(n))) issues.add(sheet, r.row, 'Plan name', ImportMessages.unknownPlan);
      return null;
    }
    if (kinds && !kinds.includes(benefitKind(d.p['Plan type']))) {
      issues.add(sheet, r.row, 'Plan name', ImportMessages.wrongKind(sheet));
      return null;
    }
    return d;
  };

  // A plan with a refused row elsewhere is not also told that the row is missing.
  const refused = new Set<string>();
  const noting = (r: SheetRow, work: () => void) => {
    const before = issues.issues.length;
    work();
    if (issues.issues.length > before) refused.add(key(r.cells['Plan name'] ?? ''));
  };

  // Rates: by plan; tiers named in the plan's structure; voluntary life by member.
  const rates = new Map<string, RateDraft[]>();
  for (const r of rows(S.rates)) noting(r, () => {
    const parsed = issues.parse(S.rates, ZRateRow, r);
    const d = planOf(S.rates, r, RATED_KINDS);
    if (!parsed || !d) return;
    const allowed = rateTiers(d.structure);
    const tierText = parsed.Tier.toLowerCase();
    // A tier by its label, or (outside voluntary life) by its number.
    const tier = allowed.find((o) => o.label.toLowerCase() === tierText || (d.structure !== 5 && String(o.value) === tierText))?.value ?? null;
    if (tier === null) {
      issues.add(S.rates, r.row, 'Tier', ImportMessages.notATier(allowed.map((o) => o.label)));
      return;
    }
    const minAge = parsed['Minimum age'];
    const maxAge = parsed['Maximum age'];
    const list = rates.get(key(d.p['Plan name'])) ?? [];
    const row = { tier, minAge: minAge ?? RATE_AGES.min, maxAge: maxAge ?? RATE_AGES.max, costCents: parsed['Monthly rate'], sheetRow: r.row, aged: minAge !== undefined || maxAge !== undefined };
    if (agesReversed(row)) {
      issues.add(S.rates, r.row, 'Maximum age', ImportMessages.agesOrder);
      return;
    }
    if (overlapsBand(list, row)) {
      issues.add(S.rates, r.row, 'Tier', ImportMessages.duplicateRate);
      return;
    }
    list.push(row);
    rates.set(key(d.p['Plan name']), list);
  });

  // Voluntary life members.
  const members: GatheredRows['members'] = new Map();
  for (const r of rows(S.voluntaryLife)) noting(r, () => {
    const v = issues.parse(S.voluntaryLife, ZVoluntaryLifeRow, r);
    const d = planOf(S.voluntaryLife, r, ['voluntaryLife']);
    if (!v || !d) return;
    const m = members.get(key(d.p['Plan name'])) ?? new Map();
    if (m.has(v.Member)) {
      issues.add(S.voluntaryLife, r.row, 'Member', ImportMessages.duplicateMember);
      return;
    }
    if (v.Member !== 3) {
      if (v.Minimum === undefined || v.Maximum === undefined || v.Increment === undefined) {
        for (const c of ['Minimum', 'Maximum', 'Increment'] as const) if (v[c] === undefined) issues.add(S.voluntaryLife, r.row, c, ImportMessages.required);
        return;
      }
      if (v.Maximum < v.Minimum || v.Increment <= 0) {
        issues.add(S.voluntaryLife, r.row, 'Maximum', ImportMessages.memberRange);
        return;
      }
    } else if (!v['Child amounts']?.length) {
      issues.add(S.voluntaryLife, r.row, 'Child amounts', ImportMessages.childAmounts);
      return;
    }
    if (v.Member !== 1 && v['Percent of employee amount'] === undefined) {
      issues.add(S.voluntaryLife, r.row, 'Percent of employee amount', ImportMessages.percentNeeded);
      return;
    }
    m.set(v.Member, { row: r.row, v });
    members.set(key(d.p['Plan name']), m);
  });

  // Accounts.
  const fsa: GatheredRows['fsa'] = new Map();
  for (const r of rows(S.fsa)) noting(r, () => {
    const v = issues.parse(S.fsa, ZFsaRow, r);
    const d = planOf(S.fsa, r, ['fsa']);
    if (!v || !d) return;
    const accounts = fsa.get(key(d.p['Plan name'])) ?? {};
    if (accounts[v.Account]) {
      issues.add(S.fsa, r.row, 'Account', ImportMessages.duplicateAccount);
      return;
    }
    if ((v['Employer contribution'] ?? 0) > v['Employee annual limit']) {
      issues.add(S.fsa, r.row, 'Employer contribution', ImportMessages.employerOverLimit);
      return;
    }
    accounts[v.Account] = { ee: v['Employee annual limit'], er: v['Employer contribution'] ?? 0 };
    fsa.set(key(d.p['Plan name']), accounts);
  });
  const single = <S extends z.ZodType>(sheet: string, schema: S, kind: PlanBenefits['kind']) => {
    const out = new Map<string, z.output<S>>();
    const seen = new Set<string>();
    for (const r of rows(sheet)) {
      const v = issues.parse(sheet, schema, r);
      const d = planOf(sheet, r, [kind]);
      if (!d) continue;
      const k = key(d.p['Plan name']);
      if (seen.has(k)) {
        issues.add(sheet, r.row, 'Plan name', ImportMessages.oneRowNeeded(sheet));
        continue;
      }
      seen.add(k);
      if (v) out.set(k, v);
    }
    return { out, seen };
  };
  const hsa = single(S.hsa, ZHsaRow, 'hsa');
  const hra = single(S.hra, ZHraRow, 'hra');

  // Each plan whole: its rates per tier, employer shares, its kind's rows.
  const gathered: GatheredRows = { planYear, plans, rates, members, fsa, hsa, hra, refused };
  const result: ImportedPlan[] = [];
  for (const [k, d] of plans) {
    const plan = assemblePlan(k, d, gathered, issues);
    if (plan) result.push(plan);
  }
  if (plans.size === 0 && rows(S.plans).length === 0) issues.add(S.plans, 2, 'Plan name', ImportMessages.required);
  if (issues.issues.length > 0 || planYear === null) return { ok: false, issues: issues.sorted(RATE_SHEET_ORDER) };
  return { ok: true, sheet: { planYear, plans: result } };
}
