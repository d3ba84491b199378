import { nextSort, REPORT_DATASETS, ZReportSave } from './reports';

describe('report sorting (document 3 section 4)', () => {
  it.each<[string | null, 'ASC' | 'DESC', string, { orderBy: string; orderDirection: 'ASC' | 'DESC' }]>([
    [null, 'ASC', 'lastName', { orderBy: 'lastName', orderDirection: 'DESC' }],
    ['lastName', 'ASC', 'email', { orderBy: 'email', orderDirection: 'DESC' }],
    ['email', 'DESC', 'email', { orderBy: 'email', orderDirection: 'ASC' }],
    ['email', 'ASC', 'email', { orderBy: 'email', orderDirection: 'DESC' }],
  ])('from %s %s, clicking %s', (orderBy, orderDirection, clicked, expected) => {
    expect(nextSort({ orderBy, orderDirection }, clicked)).toEqual(expected);
  });

  it('the builder takes only columns of its dataset, and sorts by one of them', () => {
    expect(ZReportSave.safeParse({ title: 'A', dataset: 'census', columns: Object.keys(REPORT_DATASETS.census.columns) }).success).toBe(true);
    expect(ZReportSave.safeParse({ title: 'A', dataset: 'census', columns: ['planName'] }).success).toBe(false);
    expect(ZReportSave.safeParse({ title: 'A', dataset: 'census', columns: ['lastName'], orderBy: 'email' }).success).toBe(false);
    expect(ZReportSave.safeParse({ title: ' ', dataset: 'census', columns: ['lastName'] }).success).toBe(false);
  });
});
