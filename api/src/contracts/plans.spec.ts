import { cheapestContributionCents } from './plans';

const tier = { tier: 1, label: 'Employee only', premiumAmount: '0.00', employerAmount: '0.00', contributionAmount: '0.00' };
const plan = (contributionAmount: string, restricted = 0, priced = true) => ({ contributionAmount, restricted, tiers: priced ? [tier] : [] });

describe("a plan type's 'from $X per paycheck' before a choice", () => {
  it.each([
    ['the cheapest of the choosable plans', [plan('55.10'), plan('12.40'), plan('80.00')], 1240],
    ['a restricted plan does not count', [plan('5.00', 2), plan('20.00')], 2000],
    ['an employer-paid plan costs nothing', [plan('0.00'), plan('30.00')], 0],
    ['no set price (the employee picks an amount)', [plan('0.00', 0, false)], null],
    ['nothing choosable', [plan('5.00', 1)], null],
    ['no plans', [], null],
  ])('%s', (_name, plans, cents) => {
    expect(cheapestContributionCents(plans)).toBe(cents);
  });
});
