import { EnrollmentWindowMessages, NEW_HIRE_WINDOW_DAYS } from './enrollment-window';
import { LIFE_EVENT_WINDOW_DAYS, LifeEventMessages } from './life-events';
import { OpenEnrollmentMessages, REOPEN_WINDOW_DAYS, REOPEN_WINDOW_MS } from './open-enrollment';

/**
 * Each window's length is one constant and its texts are written from it: the words are the decisions' (or
 * the product's own where the documents have none), and a text without its constant's number fails.
 */
describe('window texts say their constants', () => {
  it.each<[string, string, number, string]>([
    ['life-event window', LifeEventMessages.window, LIFE_EVENT_WINDOW_DAYS, 'Changes must be requested within 30 days of the event'],
    [
      'new-hire window',
      EnrollmentWindowMessages.closed,
      NEW_HIRE_WINDOW_DAYS,
      'Enrollment is closed. Elections can be changed during open enrollment, within 30 days of becoming eligible as a new hire, or after a qualifying life event.',
    ],
    ['reopen refused', OpenEnrollmentMessages.reopenExpired, REOPEN_WINDOW_DAYS, 'This open enrollment closed more than 30 days ago and cannot be reopened'],
    [
      'close consequence',
      OpenEnrollmentMessages.closeConsequence,
      REOPEN_WINDOW_DAYS,
      'Closing ends open enrollment for the whole company today: nobody can change their elections any more. It can be reopened within 30 days.',
    ],
  ])('%s', (_what, text, days, words) => {
    expect(text).toBe(words);
    expect(text).toContain(`${days} days`);
  });

  it('the reopen window in milliseconds is the same number of 24-hour days', () => {
    expect(REOPEN_WINDOW_MS).toBe(REOPEN_WINDOW_DAYS * 24 * 60 * 60 * 1000);
    expect(REOPEN_WINDOW_MS).toBe(2_592_000_000);
  });
});
