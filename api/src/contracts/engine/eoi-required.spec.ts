import { eoiRequired, type GuaranteedIssue, type VoluntaryLifeElection } from './contribution-engine';

/** One EOI rule for the quote (plans.service) and the voluntary-life form's note (the site). */
describe('eoiRequired: a chosen amount above its member’s guaranteed issue', () => {
  const gi: GuaranteedIssue = { employee: { giCents: 15_000_000 }, spouse: { giCents: 2_500_000 }, child: { giCents: 1_000_000 } };
  const none: VoluntaryLifeElection = { employeeCents: null, spouseCents: null, childrenCents: null };
  it.each<[string, GuaranteedIssue, Partial<VoluntaryLifeElection>, Array<'employee' | 'spouse' | 'children'>]>([
    ['nothing chosen', gi, {}, []],
    ['the employee at the guaranteed issue', gi, { employeeCents: 15_000_000 }, []],
    ['the employee a cent above', gi, { employeeCents: 15_000_001 }, ['employee']],
    ['the spouse above, the employee within', gi, { employeeCents: 10_000_000, spouseCents: 3_000_000 }, ['spouse']],
    ['children above', gi, { childrenCents: 1_000_001 }, ['children']],
    ['everyone above', gi, { employeeCents: 20_000_000, spouseCents: 5_000_000, childrenCents: 2_000_000 }, ['employee', 'spouse', 'children']],
    ['a plan without spouse or child coverage asks nothing for them', { ...gi, spouse: null, child: null }, { spouseCents: 9_000_000, childrenCents: 9_000_000 }, []],
    ['a guaranteed issue of zero: any amount needs EOI', { ...gi, employee: { giCents: 0 } }, { employeeCents: 1 }, ['employee']],
  ])('%s', (_what, rules, chosen, expected) => {
    expect(eoiRequired(rules, { ...none, ...chosen })).toEqual(expected);
  });
});
