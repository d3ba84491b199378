import { join } from 'node:path';
import { BUDGET_KIB, checkBudgets, measureRoutes } from '../../scripts/bundle-budget';

/**
 * The site's real production build (scripts/test.sh builds it before this suite): the dashboard's and the login's
 * initial JavaScript, compressed as the portal sends it, within the budgets stated in scripts/bundle-budget.js.
 */
describe('initial JavaScript of the production build', () => {
  const rows = measureRoutes(join(__dirname, '..', '..', 'web', 'build', 'client'));

  it('budgets the dashboard and the login', () => {
    expect(Object.keys(BUDGET_KIB).sort()).toEqual(['routes/_index', 'routes/login']);
  });

  it.each(checkBudgets(rows).map((l) => [l.label, l.encoding, l] as const))('%s in %s is within its budget', (_label, _encoding, line) => {
    expect(line.usedKiB).not.toBeNull();
    expect(line.usedKiB!).toBeLessThanOrEqual(line.budgetKiB);
  });
});
