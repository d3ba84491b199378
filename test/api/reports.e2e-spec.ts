import ExcelJS from 'exceljs';
import request from 'supertest';
import { ReportMessages } from '../../api/src/contracts/reports';
import { appWithWorkers } from '../support/mail';
import { binary, until } from '../support/wait';

/** HR reports (document 3 sections 2.3, 4, 7 and 8). */
describe('HR reports', () => {
  // The app, its database and the workers, once for the file.
  const suite = appWithWorkers();
  let hr: string;
  beforeAll(async () => {
    hr = await suite.t.login('hr@acme.test');
  });

  const call = (method: 'get' | 'post' | 'put' | 'delete', path: string, jwt = hr) => request(suite.t.server)[method](`/mbl/api${path}`).set('Authorization', `Bearer ${jwt}`);
  const census = async () => ((await call('get', '/reports?search=census').expect(200)).body as Array<{ id: number; title: string }>).find((r) => r.title === 'Census')!;

  it('lists the stock reports read-only, searched case-insensitively', async () => {
    const all = (await call('get', '/reports').expect(200)).body as Array<{ title: string; editable: string }>;
    expect(all.filter((r) => r.editable === '0').map((r) => r.title)).toEqual(
      expect.arrayContaining(['Census', 'Enrollments by plan', 'Dependents', 'Beneficiaries', 'Deductions per pay period', 'Waivers and declines', 'Terminations and COBRA']),
    );
    expect(((await call('get', '/reports?search=CENSUS').expect(200)).body as Array<{ title: string }>).map((r) => r.title)).toContain('Census');
    expect((await call('get', '/reports?search=no-such-report-anywhere').expect(200)).body).toEqual([]);
    await call('get', '/reports', await suite.t.login('jane@acme.test')).expect(403);
    await call('get', '/reports', await suite.t.login('tess@acme.test')).expect(403);
  });

  it('sorts on the server: a new column descending, the same column toggles', async () => {
    const { id } = await census();
    const first = (await call('get', `/reports/${id}`).expect(200)).body;
    expect(first.layout.map((c: { label: string }) => c.label)).toEqual(['Last Name', 'First Name', 'Email', 'Hire Date', 'Employment Status', 'Group']);
    expect(first.sort).toEqual({ orderBy: 'lastName', orderDirection: 'ASC' });
    const names = (rows: Array<Record<string, string>>) => rows.map((r) => r.lastName);
    const asc = names(first.data);
    expect(asc).toEqual([...asc].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byEmail = (await call('get', `/reports/${id}?orderBy=email`).expect(200)).body;
    expect(byEmail.sort).toEqual({ orderBy: 'email', orderDirection: 'DESC' });
    const emails = byEmail.data.map((r: Record<string, string | null>) => r.email).filter((e: string | null) => e !== null);
    expect(emails).toEqual([...emails].sort().reverse());
    expect((await call('get', `/reports/${id}?orderBy=email&orderDirection=ASC`).expect(200)).body.sort).toEqual({ orderBy: 'email', orderDirection: 'ASC' });
    // A column the report does not have keeps the saved order.
    expect((await call('get', `/reports/${id}?orderBy=ssn`).expect(200)).body.sort).toEqual({ orderBy: 'lastName', orderDirection: 'ASC' });
  });

  it('a stock report cannot be changed or deleted; a copy can, and is the client’s own', async () => {
    const { id } = await census();
    expect((await call('delete', `/reports/${id}`).expect(403)).body.message).toBe(ReportMessages.cannotDelete);
    expect((await call('put', `/reports/${id}`).send({ title: 'x', dataset: 'census', columns: ['lastName'] }).expect(403)).body.message).toBe(ReportMessages.payAttention);
    expect((await call('post', '/reports').send({ title: 'Bad', dataset: 'census', columns: ['ssn'] }).expect(400)).body.errors).toEqual([{ path: 'columns', message: ReportMessages.unknownColumn }]);
    const title = `Census copy ${Date.now()}`;
    const copy = (await call('post', '/reports').send({ title, dataset: 'census', columns: ['lastName', 'firstName', 'group'], orderBy: 'group' }).expect(201)).body;
    expect(copy).toEqual({ id: expect.any(Number), title, editable: '1' });
    await call('put', `/reports/${copy.id}`).send({ title: `${title} (2)`, dataset: 'census', columns: ['lastName', 'group'] }).expect(200);
    expect((await call('get', `/reports/${copy.id}`).expect(200)).body.layout.map((c: { sortField: string }) => c.sortField)).toEqual(['lastName', 'group']);
    expect((await call('delete', `/reports/${copy.id}`).expect(200)).body).toEqual({ success: true });
    await call('get', `/reports/${copy.id}`).expect(404);
  });

  it('the builder filters a dataset: only the rows its filters keep, in the view and the download', async () => {
    const title = `Active only ${Date.now()}`;
    const saved = (
      await call('post', '/reports')
        .send({ title, dataset: 'census', columns: ['lastName', 'group'], filters: [{ field: 'group', op: 'equals', value: 'active' }], orderBy: 'lastName' })
        .expect(201)
    ).body;
    const view = (await call('get', `/reports/${saved.id}`).expect(200)).body;
    expect(view.filters).toEqual([{ field: 'group', op: 'equals', value: 'active' }]);
    expect(view.data.length).toBeGreaterThan(0);
    expect(view.data.every((r: { group: string }) => r.group === 'Active')).toBe(true);
    const [{ n }] = await suite.db.query(`SELECT count(*)::int AS n FROM employee e JOIN client c ON c.id = e.client_id WHERE c.name = 'Acme Corp' AND NOT e.terminated AND NOT e.cobra`);
    expect(view.totalRows).toBe(n);
    // A filter on a column the dataset lacks is refused; 'contains' takes LIKE wildcards literally.
    await call('post', '/reports').send({ title, dataset: 'census', columns: ['lastName'], filters: [{ field: 'ssn', op: 'equals', value: 'x' }] }).expect(400);
    const wild = (await call('post', '/reports').send({ title: `${title} %`, dataset: 'census', columns: ['lastName'], filters: [{ field: 'lastName', op: 'contains', value: '%' }] }).expect(201)).body;
    expect((await call('get', `/reports/${wild.id}`).expect(200)).body.totalRows).toBe(0);
    await call('delete', `/reports/${wild.id}`).expect(200);
    await call('delete', `/reports/${saved.id}`).expect(200);
  });

  it("download: the reports worker writes 'Census.xlsx' with every row, its progress followed to done", async () => {
    const { id } = await census();
    const view = (await call('get', `/reports/${id}?orderBy=lastName&orderDirection=ASC`).expect(200)).body;
    const started = (await call('post', `/reports/${id}/download?orderBy=lastName&orderDirection=ASC`).expect(201)).body;
    expect(started).toMatchObject({ status: 'queued', progress: 0, fileName: 'Census.xlsx' });
    const done = await until(async () => {
      const x = (await call('get', `/reports/exports/${started.id}`).expect(200)).body;
      return x.status === 'done' ? x : null;
    }, 'the export');
    expect(done).toMatchObject({ progress: 100, rowsTotal: view.totalRows, rowsWritten: view.totalRows });
    const file = await call('get', `/reports/exports/${started.id}/file`)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="Census.xlsx"');
    const book = new ExcelJS.Workbook();
    const bytes = file.body as Buffer;
    await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(view.totalRows + 1);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Last Name', 'First Name', 'Email', 'Hire Date', 'Employment Status', 'Group']);
    expect(sheet.getRow(2).getCell(1).value).toBe(view.data[0].lastName);
    await call('get', `/reports/exports/${started.id}`, await suite.t.login('jane@acme.test')).expect(403);
    const [{ n }] = await suite.db.query(`SELECT count(*)::int AS n FROM report_export WHERE id = $1 AND status = 'done'`, [started.id]);
    expect(n).toBe(1);
  });
});
