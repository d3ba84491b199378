import ExcelJS from 'exceljs';
import request from 'supertest';
import { ReportMessages } from '../../api/src/contracts/reports';
import { appWithWorkers } from '../support/mail';
import { binary, until } from '../support/wait';
import { dateTimeIn } from '../../api/src/contracts/engine/dates';
import { HEADER_ROW } from '../../api/src/modules/reports/report-sheet';

/** A downloaded xlsx read back with exceljs, as a spreadsheet program would open it. */
async function sheetOf(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  // exceljs declares its own Buffer (an ArrayBuffer): hand it the bytes as one.
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return book.worksheets[0]!;
}

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
    expect(first.layout.map((c: { label: string }) => c.label)).toEqual(['Last Name', 'First Name', 'Email', 'Hire Date', 'Employment Status', 'Group', 'Census Group']);
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
        .send({ title, dataset: 'census', columns: ['lastName', 'censusGroup'], filters: [{ field: 'censusGroup', op: 'equals', value: 'active' }], orderBy: 'lastName' })
        .expect(201)
    ).body;
    const view = (await call('get', `/reports/${saved.id}`).expect(200)).body;
    expect(view.filters).toEqual([{ field: 'censusGroup', op: 'equals', value: 'active' }]);
    expect(view.data.length).toBeGreaterThan(0);
    expect(view.data.every((r: { censusGroup: string }) => r.censusGroup === 'Active')).toBe(true);
    const [{ n }] = await suite.db.query(`SELECT count(*)::int AS n FROM employee e JOIN client c ON c.id = e.client_id WHERE c.name = 'Acme Corp' AND NOT e.terminated AND NOT e.cobra`);
    expect(view.totalRows).toBe(n);
    // A filter on a column the dataset lacks is refused; 'contains' takes LIKE wildcards literally.
    await call('post', '/reports').send({ title, dataset: 'census', columns: ['lastName'], filters: [{ field: 'ssn', op: 'equals', value: 'x' }] }).expect(400);
    const wild = (await call('post', '/reports').send({ title: `${title} %`, dataset: 'census', columns: ['lastName'], filters: [{ field: 'lastName', op: 'contains', value: '%' }] }).expect(201)).body;
    expect((await call('get', `/reports/${wild.id}`).expect(200)).body.totalRows).toBe(0);
    await call('delete', `/reports/${wild.id}`).expect(200);
    await call('delete', `/reports/${saved.id}`).expect(200);
  });

  it('a stored definition is checked against its dataset as the save is: an unknown column, sort or filter answers 422 and never reaches SQL', async () => {
    // Names that are keys of every object are not columns either.
    for (const columns of [['constructor'], ['lastName', '__proto__']]) {
      expect((await call('post', '/reports').send({ title: 'Bad', dataset: 'census', columns }).expect(400)).body.errors).toEqual([{ path: 'columns', message: ReportMessages.unknownColumn }]);
    }
    const title = `Tampered ${Date.now()}`;
    const saved = (await call('post', '/reports').send({ title, dataset: 'census', columns: ['lastName', 'email'], orderBy: 'lastName' }).expect(201)).body;
    await call('get', `/reports/${saved.id}`).expect(200);
    // Rows changed outside the builder: an identifier that would read another table, a sort and a filter the dataset lacks.
    const tamper = async (set: string, value: unknown) => suite.db.query(`UPDATE report SET ${set} = $2 WHERE id = $1`, [saved.id, value]);
    const refused = async (path: string) => {
      const view = await call('get', `/reports/${saved.id}`).expect(422);
      expect(view.body).toMatchObject({ statusCode: 422, message: ReportMessages.unknownColumn, errors: [{ path, message: ReportMessages.unknownColumn }] });
      expect((await call('post', `/reports/${saved.id}/download`).expect(422)).body.errors).toEqual([{ path, message: ReportMessages.unknownColumn }]);
    };
    const [{ n: exportsBefore }] = await suite.db.query(`SELECT count(*)::int AS n FROM report_export WHERE report_id = $1`, [saved.id]);
    await tamper('columns', ['lastName', 'email" FROM account --']);
    await refused('columns');
    await tamper('columns', ['lastName', 'email']);
    await tamper('order_by', 'ssn');
    await refused('orderBy');
    await tamper('order_by', 'lastName');
    await tamper('filters', JSON.stringify([{ field: 'ssn', op: 'equals', value: 'x' }]));
    await refused('filters');
    // Nothing was queued for the refused downloads; put right, the report runs again and can be deleted.
    const [{ n: exportsAfter }] = await suite.db.query(`SELECT count(*)::int AS n FROM report_export WHERE report_id = $1`, [saved.id]);
    expect(exportsAfter).toBe(exportsBefore);
    await tamper('filters', JSON.stringify([]));
    expect((await call('get', `/reports/${saved.id}`).expect(200)).body.layout.map((c: { sortField: string }) => c.sortField)).toEqual(['lastName', 'email']);
    await tamper('columns', ['constructor']);
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
    const sheet = await sheetOf(file.body as Buffer);
    expect(sheet.rowCount).toBe(HEADER_ROW + view.totalRows);
    expect(sheet.getRow(HEADER_ROW).values).toEqual([undefined, 'Last Name', 'First Name', 'Email', 'Hire Date', 'Employment Status', 'Group', 'Census Group']);
    expect(sheet.getRow(HEADER_ROW + 1).getCell(1).value).toBe(view.data[0].lastName);
    await call('get', `/reports/exports/${started.id}`, await suite.t.login('jane@acme.test')).expect(403);
    const [{ n }] = await suite.db.query(`SELECT count(*)::int AS n FROM report_export WHERE id = $1 AND status = 'done'`, [started.id]);
    expect(n).toBe(1);
  });

  /** Starts a report's download and answers its file once the reports worker has written it. */
  const downloaded = async (id: number): Promise<ExcelJS.Worksheet> => {
    const started = (await call('post', `/reports/${id}/download`).expect(201)).body;
    await until(async () => ((await call('get', `/reports/exports/${started.id}`).expect(200)).body.status === 'done' ? true : null), 'the export');
    const file = await call('get', `/reports/exports/${started.id}/file`).buffer(true).parse(binary).expect(200);
    return sheetOf(file.body as Buffer);
  };

  it('a file HR can hand on: client, title and date run above a frozen, filtered header; dates as dates; widths; Group is the access group', async () => {
    const { id } = await census();
    const [acme] = await suite.db.query(`SELECT id, name, time_zone FROM client WHERE name = 'Acme Corp'`);
    const before = new Date();
    const sheet = await downloaded(id);
    const after = new Date();
    expect(sheet.getCell('A1').value).toBe('Acme Corp');
    expect(sheet.getCell('A2').value).toBe('Census');
    // The date run in the client's zone with its abbreviation (either side of a minute's turn).
    expect([before, after].map((at) => `Run on ${dateTimeIn(acme.time_zone, at)}`)).toContain(sheet.getCell('A3').value);
    expect(String(sheet.getCell('A3').value)).toMatch(/ [AP]M E[SD]T$/);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: HEADER_ROW });
    expect(sheet.autoFilter).toBe(`A${HEADER_ROW}:G${sheet.rowCount}`);
    expect(sheet.columns.map((c) => c.width)).toEqual([18, 18, 30, 13, 21, 22, 18]);
    // Each employee's row against the census: a Date for the hire date (month first), the access group's
    // name under Group, and Active / COBRA/Continuation / Terminated under Census Group.
    const people = await suite.db.query(
      `SELECT e.email, to_char(e.hire_date, 'YYYY-MM-DD') AS hire, ag.text AS "group", CASE WHEN e.cobra THEN 'COBRA/Continuation' WHEN e.terminated THEN 'Terminated' ELSE 'Active' END AS "censusGroup"
         FROM employee e LEFT JOIN option_item ag ON ag.type = 'accessGroup' AND ag.id = e.group_id WHERE e.client_id = $1`,
      [acme.id],
    );
    const rows = Array.from({ length: sheet.rowCount - HEADER_ROW }, (_, i) => sheet.getRow(HEADER_ROW + 1 + i));
    expect(rows).toHaveLength(people.length);
    for (const p of people as Array<{ email: string | null; hire: string | null; group: string | null; censusGroup: string }>) {
      const row = rows.find((r) => r.getCell(3).value === p.email)!;
      expect(row.getCell(4).value ?? null).toEqual(p.hire ? new Date(`${p.hire}T00:00:00Z`) : null);
      expect(row.getCell(6).value ?? null).toBe(p.group);
      expect(row.getCell(7).value).toBe(p.censusGroup);
    }
    const hired = rows.find((r) => r.getCell(4).value instanceof Date)!;
    expect(hired.getCell(4).numFmt).toBe('mm/dd/yyyy');
    expect(people.some((p: { group: string | null }) => p.group !== null)).toBe(true);
  });

  it('money in dollars with cents, and the view shows the same dates and amounts as text', async () => {
    const saved = (
      await call('post', '/reports')
        .send({ title: `Deductions ${Date.now()}`, dataset: 'enrollments', columns: ['lastName', 'planName', 'perPaycheck', 'effectiveDate'], orderBy: 'lastName' })
        .expect(201)
    ).body;
    const view = (await call('get', `/reports/${saved.id}`).expect(200)).body;
    expect(view.layout.map((c: { label: string }) => c.label)).toEqual(['Last Name', 'Plan', 'Per Paycheck', 'Effective From']);
    expect(view.totalRows).toBeGreaterThan(0);
    const sheet = await downloaded(saved.id);
    expect(sheet.getCell('A2').value).toBe(saved.title);
    const first = sheet.getRow(HEADER_ROW + 1);
    expect(typeof first.getCell(3).value).toBe('number');
    expect(first.getCell(3).numFmt).toBe('"$"#,##0.00');
    expect(view.data[0].perPaycheck).toBe((first.getCell(3).value as number).toFixed(2));
    const effective = first.getCell(4).value as Date;
    expect(effective).toBeInstanceOf(Date);
    expect(view.data[0].effectiveDate).toBe(`${String(effective.getUTCMonth() + 1).padStart(2, '0')}/${String(effective.getUTCDate()).padStart(2, '0')}/${effective.getUTCFullYear()}`);
    await call('delete', `/reports/${saved.id}`).expect(200);
  });
});
