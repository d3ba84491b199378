import { BAND_MIN_CONTRAST, BLACK, WHITE, bandContrast } from './colors';
import { ClientMessages, ZClientSettings, ZFirstPeriodRequest, ZHrInvite, firstPeriodTitle, isIanaTimeZone } from './clients';

describe('bandContrast: the spec luminance rule picks the text, WCAG decides whether it reads', () => {
  it.each([
    // background, text by the .299/.587/.114 rule (threshold 186), ratio, readable
    ['#1F3A5F', WHITE, 11.8, true],
    ['#E8EEF5', BLACK, 17.98, true],
    ['#FFFFFF', BLACK, 21, true],
    ['#000000', WHITE, 21, true],
    ['#BABABA', WHITE, 1.97, false], // 186 exactly is not above the threshold: white on a light grey
    ['#BBBBBB', BLACK, 10.7, true],
    ['#FF0000', WHITE, 4.0, false], // pure red takes white text at 4.0:1
    ['#C00000', WHITE, 6.56, true],
    ['#00A000', WHITE, 3.4, false],
    ['#FFFF00', BLACK, 19.56, true],
  ] as const)('%s -> %s text', (background, text, ratio, readable) => {
    const band = bandContrast(background)!;
    expect(band.text).toBe(text);
    expect(band.ratio).toBeCloseTo(ratio, 0);
    expect(band.readable).toBe(readable);
    expect(band.readable).toBe(band.ratio >= BAND_MIN_CONTRAST);
  });

  it.each([[null], [''], ['red'], ['#12345']])('answers null for %p', (value) => {
    expect(bandContrast(value)).toBeNull();
  });
});

describe('isIanaTimeZone', () => {
  it.each([
    ['America/New_York', true],
    ['America/Indiana/Indianapolis', true],
    ['Pacific/Honolulu', true],
    ['UTC', true],
    ['Europe/London', true],
    ['Mars/Olympus', false],
    ['EST', false],
    ['+05:00', false],
    ['America/New York', false],
    ['', false],
    ['../etc/passwd', false],
  ])('%s -> %s', (zone, expected) => {
    expect(isIanaTimeZone(zone)).toBe(expected);
  });
});

const valid = {
  name: 'Pinecrest',
  headerColor: '#1f3a5f',
  footerColor: 'E8EEF5',
  timeZone: 'America/Denver',
  payPeriods: '26',
  planYearStartMonth: '7',
  authenticationMethod: 'email',
  accessGroupIds: '1',
};

describe('ZClientSettings', () => {
  it('reads a form: numbers from text, colours normalised, one ticked box as a list, unticked boxes off, no contacts', () => {
    expect(ZClientSettings.parse({ ...valid, enableOnboarding: 'on' })).toEqual({
      name: 'Pinecrest',
      headerColor: '#1F3A5F',
      footerColor: '#E8EEF5',
      timeZone: 'America/Denver',
      payPeriods: 26,
      planYearStartMonth: 7,
      enableOnboarding: true,
      i9Enabled: false,
      w4Enabled: false,
      payrollEnabled: false,
      eeoEnabled: false,
      enableMidyearChanges: false,
      requireSsn: false,
      authenticationMethod: 'email',
      contacts: [],
      accessGroupIds: [1],
      officeIds: [],
    });
  });

  const messageOf = (input: Record<string, unknown>, path: string) => {
    const result = ZClientSettings.safeParse({ ...valid, ...input });
    return result.success ? null : (result.error.issues.find((i) => i.path.join('.') === path)?.message ?? null);
  };

  it.each([
    [{ name: '' }, 'name', 'Field is required'],
    [{ headerColor: '#BABABA' }, 'headerColor', ClientMessages.colorContrast(bandContrast('#BABABA')!.ratio)],
    [{ footerColor: 'blue' }, 'footerColor', ClientMessages.colorFormat],
    [{ footerColor: '' }, 'footerColor', 'Field is required'],
    [{ timeZone: 'Mars/Olympus' }, 'timeZone', ClientMessages.timeZone],
    [{ timeZone: '' }, 'timeZone', 'Field is required'],
    [{ payPeriods: '13' }, 'payPeriods', ClientMessages.payPeriods],
    [{ planYearStartMonth: '13' }, 'planYearStartMonth', ClientMessages.planYearStart],
    [{ website: 'javascript:alert(1)' }, 'website', ClientMessages.website],
    [{ website: 'pinecrest' }, 'website', ClientMessages.website],
    [{ accessGroupIds: [] }, 'accessGroupIds', ClientMessages.accessGroupRequired],
    [{ accessGroupIds: ['99'] }, 'accessGroupIds.0', 'Please choose a value from the list'],
    [{ officeIds: [1, 77] }, 'officeIds.1', 'Please choose a value from the list'],
    [{ contacts: [{ contactType: 'hr', firstName: 'A', lastName: 'B', email: 'x' }] }, 'contacts.0.email', 'Please enter a valid email'],
    [{ contacts: [{ contactType: 'boss', firstName: 'A', lastName: 'B', email: 'a@b.example' }] }, 'contacts.0.contactType', 'Please choose a value from the list'],
  ])('%j -> %s: %s', (input, path, message) => {
    expect(messageOf(input, path)).toBe(message);
  });

  it('accepts a website with https and the common zones', () => {
    expect(messageOf({ website: 'https://pinecrest.example/benefits' }, 'website')).toBeNull();
    expect(messageOf({ timeZone: 'Pacific/Honolulu' }, 'timeZone')).toBeNull();
  });
});

describe('HR invitations and the first period', () => {
  it('needs both names and an email', () => {
    const result = ZHrInvite.safeParse({ firstName: ' ', lastName: 'Reyes', email: 'dana@' });
    expect(result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['firstName', 'Field is required'],
      ['email', 'Please enter a valid email'],
    ]);
  });

  it.each([
    [{ kind: 'open-enrollment', startDate: '01/01/2027' }, true],
    [{ kind: 'new-hire', startDate: '02/29/2028' }, true],
    [{ kind: 'new-hire', startDate: '02/29/2027' }, false],
    [{ kind: 'soon', startDate: '01/01/2027' }, false],
    [{ kind: 'open-enrollment' }, false],
  ])('%j valid: %s', (input, ok) => {
    expect(ZFirstPeriodRequest.safeParse(input).success).toBe(ok);
  });

  it('names the period for its plan year', () => {
    expect(firstPeriodTitle('open-enrollment', '2027-01-01')).toBe('Open Enrollment 2027');
    expect(firstPeriodTitle('new-hire', '2026-07-01')).toBe('Plan Year 2026');
  });
});
