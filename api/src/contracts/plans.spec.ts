import { cheapestContributionCents } from './plans';

const plan = (amount: string, restricted = 0, priced: 'tier' | 'from' | 'none' = 'tier') => ({
  restricted,
  price: { tier: priced === 'tier' ? 1 : null, tierLabel: null, from: priced === 'from', amount, employerAmount: '0.00', annualAmount: '0.00', annualEmployerAmount: '0.00' },
});

describe("a plan type's 'from $X per paycheck' before a choice", () => {
  it.each([
    ['the cheapest of the choosable plans', [plan('55.10'), plan('12.40'), plan('80.00')], 1240],
    ['a restricted plan does not count', [plan('5.00', 2), plan('20.00')], 2000],
    ['an employer-paid plan costs nothing', [plan('0.00'), plan('30.00')], 0],
    ["voluntary life: its smallest amount's price", [plan('4.15', 0, 'from'), plan('9.00')], 415],
    ['no price at all (an age-banded plan without a birth date)', [plan('0.00', 0, 'none')], null],
    ['nothing choosable', [plan('5.00', 1)], null],
    ['no plans', [], null],
  ])('%s', (_name, plans, cents) => {
    expect(cheapestContributionCents(plans)).toBe(cents);
  });
});
