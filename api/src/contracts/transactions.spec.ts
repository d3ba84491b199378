import { completion } from './status-dashboard';
import { transactionRows, type Snapshot } from './transactions';

const e = (planId: number | null, status: number, contributionCents = 0, dependents: number[] = [], tier: number | null = 1) => ({
  planId,
  planName: planId === null ? null : `Plan ${planId}`,
  status,
  tier,
  contributionCents,
  dependents,
});
const person = (elections: Snapshot[string]['elections'], lastName = 'Doe') => ({
  firstName: 'Jane',
  lastName,
  individualId: 100,
  elections,
  dependents: { '201': { firstName: 'Lily', lastName: 'Doe', relationshipTypeId: 2 }, '202': { firstName: 'John', lastName: 'Doe', relationshipTypeId: 1 } },
});

describe('transactions report rows', () => {
  it.each<[string, Snapshot[string]['elections'], Snapshot[string]['elections'], Array<[string, string, string | number]>]>([
    ['nothing changed', { '1': e(5, 1, 1000) }, { '1': e(5, 1, 1000) }, []],
    ['enrolled where she had declined: Add', { '2': e(null, -2) }, { '2': e(7, 1, 500) }, [['Jane Doe', 'Group Dental', 'Add']]],
    ['declined where she was enrolled: Remove', { '8': e(9, 1, 300) }, { '8': e(null, -2) }, [['Jane Doe', 'Group Vision', 'Remove']]],
    ['another plan: edit', { '1': e(5, 1, 1000) }, { '1': e(6, 1, 800) }, [['Jane Doe', 'Group Medical', 0]]],
    ['a higher tier: edit', { '1': e(5, 1, 1000, [], 1) }, { '1': e(5, 1, 2000, [], 2) }, [['Jane Doe', 'Group Medical', 0]]],
    ['a child added to coverage: the dependent line', { '1': e(5, 1, 1000, [202]) }, { '1': e(5, 1, 1000, [201, 202]) }, [['Lily Doe', 'Group Medical', 'Add']]],
    [
      'a new plan with a spouse removed: edit and the dependent Remove',
      { '1': e(5, 1, 1000, [202]) },
      { '1': e(6, 1, 700, []) },
      [
        ['Jane Doe', 'Group Medical', 0],
        ['John Doe', 'Group Medical', 'Remove'],
      ],
    ],
    ['a plan type new this period: Add', {}, { '12': e(11, 1, 5000) }, [['Jane Doe', 'FSA', 'Add']]],
    ['waived to declined: no enrollment either side', { '8': e(null, -1) }, { '8': e(null, -2) }, []],
  ])('%s', (_name, before, after, expected) => {
    const rows = transactionRows({ '1': person(before) }, { '1': person(after) });
    expect(rows.map((r) => [r.memberName, r.planType, r.actionType])).toEqual(expected);
  });

  it('keys by censusId, sorts by last name, and lists the costs per paycheck before and after', () => {
    const rows = transactionRows(
      { '7': person({ '1': e(5, 1, 12345) }, 'Zed'), '3': person({ '1': e(null, 0) }, 'Abe') },
      { '7': person({ '1': e(6, 1, 10000) }, 'Zed'), '3': person({ '1': e(5, 1, 12345) }, 'Abe') },
    );
    expect(rows.map((r) => [r.censusId, r.employeeName, r.costBefore, r.costAfter, r.actionType])).toEqual([
      [3, 'Jane Abe', null, '123.45', 'Add'],
      [7, 'Jane Zed', '123.45', '100.00', 0],
    ]);
  });
});

describe('status dashboard completion', () => {
  it.each([
    [0, 6, 0],
    [1, 6, 17],
    [3, 6, 50],
    [6, 6, 100],
    [7, 6, 100],
    [2, 0, 0],
  ])('%i decided of %i offered is %i', (decided, offered, percent) => {
    expect(completion(decided, offered)).toBe(percent);
  });
});
