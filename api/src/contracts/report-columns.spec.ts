import { cellText, COLUMN_NUM_FMT, columnWidth, xlsxValue, type ColumnKind, type RawCell } from './report-columns';
import { REPORT_DATASETS } from './reports';

describe('cells of the written reports', () => {
  it.each<[ColumnKind, RawCell, string | null]>([
    ['date', '2024-02-29', '02/29/2024'],
    ['date', null, null],
    ['money', 25, '25.00'],
    ['money', '1234.5', '1234.50'],
    ['percent', 90, '90%'],
    ['number', 3, '3'],
    ['text', 'Doe', 'Doe'],
  ])('as text, %s %p reads %p', (kind, value, text) => {
    expect(cellText(kind, value)).toBe(text);
  });

  it('in the xlsx a date is that calendar day at UTC midnight, whatever the machine’s zone', () => {
    const d = xlsxValue('date', '2024-01-01');
    expect(d).toBeInstanceOf(Date);
    expect((d as Date).toISOString()).toBe('2024-01-01T00:00:00.000Z');
    // Something that is no ISO date is kept as it came rather than made up.
    expect(xlsxValue('date', 'soon')).toBe('soon');
  });

  it.each<[ColumnKind, RawCell, string | number | null]>([
    ['money', '12.30', 12.3],
    ['money', 0, 0],
    ['number', '7', 7],
    ['percent', 45, 0.45],
    ['text', '00123', '00123'],
    ['money', null, null],
  ])('in the xlsx, %s %p is %p', (kind, value, cell) => {
    expect(xlsxValue(kind, value)).toBe(cell);
  });

  it('formats: dates month first, money in dollars with cents', () => {
    expect(COLUMN_NUM_FMT.date).toBe('mm/dd/yyyy');
    expect(COLUMN_NUM_FMT.money).toBe('"$"#,##0.00');
  });

  it('a column is as wide as its kind, its own width, or its label with the filter button', () => {
    expect(columnWidth({ label: 'Hire Date', kind: 'date' })).toBe(13);
    expect(columnWidth({ label: 'Email', kind: 'text', width: 30 })).toBe(30);
    expect(columnWidth({ label: 'A very long column label here', kind: 'money' })).toBe(33);
  });

  it('the census names the access group Group and the list group Census Group; dates and money are typed', () => {
    expect(REPORT_DATASETS.census.columns.group.label).toBe('Group');
    expect(REPORT_DATASETS.census.columns.censusGroup.label).toBe('Census Group');
    expect(REPORT_DATASETS.census.columns.hireDate.kind).toBe('date');
    expect(REPORT_DATASETS.enrollments.columns.perPaycheck.kind).toBe('money');
  });
});
