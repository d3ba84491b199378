import { nextSort, REPORT_DATASETS, unknownReportFields, ZReportSave, type ReportDefinitionFields } from './reports';

describe('report sorting', () => {
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

describe('a report definition against its dataset’s allow-list (the save and the stored definition alike)', () => {
  const ok: ReportDefinitionFields = { dataset: 'census', columns: ['lastName', 'email'], orderBy: 'lastName', filters: [{ field: 'censusGroup' }] };
  it.each<[string, Partial<ReportDefinitionFields>, string[]]>([
    ['every name offered', {}, []],
    ['no sort, no filter', { orderBy: null, filters: [] }, []],
    ['a column of another dataset', { columns: ['lastName', 'planName'] }, ['columns']],
    ['a column that is a key of every object', { columns: ['lastName', 'constructor'] }, ['columns']],
    ['__proto__ as a column', { columns: ['lastName', '__proto__'] }, ['columns']],
    ['an identifier that would read another table', { columns: ['lastName', 'email" FROM account --'] }, ['columns']],
    ['a sort on a column the report does not show', { orderBy: 'hireDate' }, ['orderBy']],
    ['a filter on a field the dataset lacks', { filters: [{ field: 'ssn' }] }, ['filters']],
    ['a filter named toString', { filters: [{ field: 'toString' }] }, ['filters']],
    ['all three at once', { columns: ['ssn'], orderBy: 'ssn', filters: [{ field: 'ssn' }] }, ['columns', 'filters']],
    ['a dataset that does not exist', { dataset: 'accounts' }, ['dataset']],
    ['hasOwnProperty as a dataset', { dataset: 'hasOwnProperty' }, ['dataset']],
  ])('%s', (_what, change, expected) => {
    expect(unknownReportFields({ ...ok, ...change })).toEqual(expected);
  });
});
