import { CENSUS_HEADINGS, CENSUS_SHEET, CensusImportMessages, parseCensus } from './census-import';
import { Messages } from './messages';
import { ImportMessages, type ReadWorkbook } from './rate-sheet';

const person = (n: number): Record<string, string> => ({
  'First name': `Pat${n}`,
  'Last name': 'Example',
  Email: `pat${n}@example.com`,
  'Access group': 'Full-Time Employees',
  'Employment status': 'Full-Time',
  'Hire date': '01/15/2027',
});
const book = (rows: Array<Record<string, string>>, headings: readonly string[] = CENSUS_HEADINGS): ReadWorkbook => ({
  [CENSUS_SHEET]: { headings: [...headings], rows: rows.map((cells, i) => ({ row: i + 2, cells })) },
});
const problems = (rows: Array<Record<string, string>>) => {
  const r = parseCensus(book(rows));
  return r.ok ? [] : r.issues.map(({ row, column, message }) => ({ row, column, message }));
};

describe('census file rows, checked as Add New Employee checks them', () => {
  it('a clean row becomes the new employee, options named by their text or id', () => {
    const r = parseCensus(book([{ ...person(1), Gender: 'female', 'Marital status': '2', 'Employment type': 'Wage/hour', Office: 'Remote', 'Work hours': '32.5', SSN: '123-45-6789' }]));
    expect(r.ok && r.rows[0]).toMatchObject({ firstName: 'Pat1', email: 'pat1@example.com', groupId: 1, employmentId: 1, gender: 2, maritalStatusId: 2, employmentType: 2, officeId: 4, workHours: 32.5, ssn: '123-45-6789', sheetRow: 2, sendEmail: false });
  });

  it.each<[string, Record<string, string>, { column: string; message: string }]>([
    ['no first name', { 'First name': '' }, { column: 'First name', message: Messages.fieldRequired }],
    ['an email that is not one', { Email: 'pat@' }, { column: 'Email', message: Messages.invalidEmail }],
    ['a hire date as ISO', { 'Hire date': '2027-01-15' }, { column: 'Hire date', message: Messages.dateInvalid }],
    ['an access group that is not on the list', { 'Access group': 'Interns' }, { column: 'Access group', message: Messages.unknownOption }],
    ['an SSN without dashes', { SSN: '123456789' }, { column: 'SSN', message: Messages.ssnInvalid }],
    ['a ZIP of four digits', { ZIP: '9410' }, { column: 'ZIP', message: Messages.zipInvalid }],
    ['negative work hours', { 'Work hours': '-1' }, { column: 'Work hours', message: expect.any(String) as unknown as string }],
  ])('%s', (_name, change, expected) => {
    expect(problems([person(1), { ...person(2), ...change }])).toEqual([{ row: 3, ...expected }]);
  });

  it('one row per email', () => {
    expect(problems([person(1), { ...person(2), Email: 'PAT1@example.com' }])).toEqual([{ row: 3, column: 'Email', message: CensusImportMessages.duplicateEmail }]);
  });

  it('a file without employees, or without a required heading', () => {
    expect(problems([])).toEqual([{ row: 2, column: 'First name', message: CensusImportMessages.noRows }]);
    const r = parseCensus(book([person(1)], CENSUS_HEADINGS.filter((h) => h !== 'Hire date')));
    expect(r.ok ? [] : r.issues).toEqual([{ sheet: CENSUS_SHEET, row: 1, column: 'Hire date', cell: '', message: ImportMessages.columnMissing }]);
  });
});
