import type { Browser } from 'playwright-core';
import { API, apiJson, browserDb, launchBrowser, logIn, newPage, scriptErrors, SITE, sql } from '../support/browser';
import { copyOfJane } from '../support/fixtures';
import { pdfText } from '../support/pdf-text';
import { dataUrl, strokePng } from '../support/png';
import { DEMO_PASSWORD } from '../support/test-env';

describe('action center journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it("HR approves an employee's signed medical election: the forms dialog, the signature, the wait overlay, and the signed copy names HR", async () => {
    // A copy of jane signs her elections (as the enrollment wizard does): one action per plan type.
    const person = await copyOfJane(browserDb, 'Acta');
    const { jwt } = await apiJson<{ jwt: string }>('/login', { method: 'POST', body: { username: person.email, password: DEMO_PASSWORD } });
    const signed = await apiJson<{ id: number }>('/forms', { method: 'POST', token: jwt, body: { signature: dataUrl(strokePng()) } });
    // The signed summary is written by the documents worker; it is one of the forms to sign.
    for (let i = 0; i < 100; i += 1) {
      const [row] = await sql<{ summary_file_id: number | null }>('SELECT summary_file_id FROM signature WHERE id = $1', [signed.id]);
      if (row?.summary_file_id) break;
      await new Promise((r) => setTimeout(r, 200));
    }

    const { page, errors } = await newPage(browser);
    await logIn(page, 'hr@acme.test');
    await page.waitForURL(`${SITE}/mbl`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Action Center' }).click();
    await page.getByRole('heading', { name: 'Action Center', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Enrollments & Changes' });
    await table.getByRole('link', { name: 'Acta Doe' }).click();
    // The employee view: Back, one row per plan type with its own Approve.
    await page.getByRole('link', { name: 'Back' }).waitFor();
    const medical = table.getByRole('row', { name: /Group Medical/ });
    await medical.getByRole('link', { name: /^Forms/ }).click();
    const formsDialog = page.getByRole('dialog', { name: "Action's forms" });
    await formsDialog.getByRole('link', { name: /Signed Enrollment Summary/ }).waitFor();
    await formsDialog.getByRole('link', { name: 'Close' }).click();
    await formsDialog.waitFor({ state: 'detached' });

    await medical.getByRole('link', { name: 'Approve' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve' });
    expect(await approve.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await approve.getByLabel('Or type your full name').fill('Helen Ross');
    await approve.getByRole('button', { name: 'Next' }).click();
    // The overlay (or, when the worker is quicker than the page, straight the confirmation).
    await page.getByText(/We are signing all necessary documents|Actions approved and their forms signed/).first().waitFor();
    await page.getByText('Actions approved and their forms signed.').waitFor({ timeout: 30_000 });
    expect(await table.getByRole('row', { name: /Group Medical/ }).count()).toBe(0);

    // The signed copy is the employee's file, and its text names the approving administrator.
    const [copy] = await sql<{ id: number }>(`SELECT id FROM file WHERE employee_id = $1 AND storage_key LIKE '%-signed.pdf' ORDER BY id LIMIT 1`, [person.employeeId]);
    const hr = await apiJson<{ jwt: string }>('/login', { method: 'POST', body: { username: 'hr@acme.test', password: DEMO_PASSWORD } });
    const pdf = Buffer.from(await (await fetch(`${API}/files/${copy!.id}/download`, { headers: { Authorization: `Bearer ${hr.jwt}` } })).arrayBuffer());
    expect(pdfText(pdf)).toContain('Approved by Helen Ross');
    expect(scriptErrors(errors)).toEqual([]);
  });
});
