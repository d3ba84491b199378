import { ActionMessages, approveBlockedReason } from './actions';
import { CensusMessages } from './messages';

describe("the filter bar's Approve (it says why it is disabled)", () => {
  it.each([
    // [case, employee filter, pending actions shown, reason]
    ['no employee chosen, nothing shown', null, 0, ActionMessages.approveNeedsEmployee],
    ['no employee chosen, several people\'s actions shown', null, 7, ActionMessages.approveNeedsEmployee],
    ['one employee with actions left', 12, 3, null],
    ['one employee with one action left', 12, 1, null],
    ['one employee after approving everything (the filter kept)', 12, 0, CensusMessages.nothingToApprove],
  ] as const)('%s', (_case, employeeId, shown, reason) => {
    expect(approveBlockedReason({ employeeId }, shown)).toBe(reason);
  });

  it('the reasons say what to do, in words', () => {
    expect(ActionMessages.approveNeedsEmployee).toMatch(/^To approve, choose one employee under Employee\(s\)/);
    expect(CensusMessages.nothingToApprove).toBe('There is nothing left to approve for this employee');
  });
});
