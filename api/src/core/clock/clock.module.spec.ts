import { Test } from '@nestjs/testing';
import { ZBirthDate, ageInYears, isValidBirthDate } from '../../contracts/formats';
import { canReopen } from '../../contracts/open-enrollment';
import { useContractsClock } from '../../contracts/now';
import { Clock, ControlledClock } from './clock';
import { ClientCalendar } from './client-calendar';
import { ClockModule } from './clock.module';

describe("the contracts read the server's one clock", () => {
  afterEach(() => {
    ClockModule.use(null);
    useContractsClock(() => new Date());
  });

  it('a birth date is "in the future" by the clock the app is built with, not by the machine', async () => {
    const clock = new ControlledClock('2041-03-10T12:00:00Z');
    ClockModule.use(clock);
    // The calendar needs the database; only the clock is under test here.
    const app = await Test.createTestingModule({ imports: [ClockModule] }).overrideProvider(ClientCalendar).useValue({}).compile();
    expect(app.get(Clock)).toBe(clock);
    // A day the machine's calendar has not reached, but the app's clock has passed.
    expect(isValidBirthDate('03/09/2041')).toBe(true);
    expect(ZBirthDate.safeParse('03/09/2041').success).toBe(true);
    expect(ageInYears('03/10/2001')).toBe(40);
    // The clock moves, the rules follow.
    clock.set('2041-03-01T12:00:00Z');
    expect(isValidBirthDate('03/09/2041')).toBe(false);
    await app.close();
  });

  it.each([
    ['01/15/2000', '2030-01-14T12:00:00', 29],
    ['01/15/2000', '2030-01-15T12:00:00', 30],
    ['02/29/2004', '2030-02-28T12:00:00', 25],
  ])('ageInYears(%s) on %s without a day passed is %s', (birth, now, age) => {
    useContractsClock(() => new Date(now));
    expect(ageInYears(birth)).toBe(age);
  });

  it('canReopen counts from the contracts clock when not handed one', () => {
    const closed = '2041-03-01T12:00:00.000Z';
    useContractsClock(() => new Date('2041-03-05T12:00:00Z'));
    expect(canReopen(closed)).toBe(true);
    useContractsClock(() => new Date('2041-06-05T12:00:00Z'));
    expect(canReopen(closed)).toBe(false);
  });
});
