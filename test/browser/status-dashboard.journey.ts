import type { Browser, Page } from 'playwright-core';
import { apiJson, browserDb, focusedLabel, launchBrowser, logIn, mailbox, newPage, scriptErrors, SITE, sql, wcagViolations } from '../support/browser';
import { cloneAcmeWithPlans, createPerson } from '../support/fixtures';
import { dataUrl, strokePng } from '../support/png';
import { DEMO_PASSWORD } from '../support/test-env';
import { StatusDashboardMessages } from '../../api/src/contracts/status-dashboard';

async function seriousViolations(page: Page, step: string): Promise<{ step: string; violations: unknown[] }> {
  const violations = (await wcagViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return { step, violations };
}

async function holdsAt(page: Page, width: number): Promise<void> {
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
}

/** The reminder emails in the portal's SMTP sink once every one of `wanted` has one (the workers send them). */
async function remindersTo(wanted: string[]): Promise<Array<{ to: string; subject: string }>> {
  const until = Date.now() + 30_000;
  for (;;) {
    const reminders = (await mailbox()).filter((m) => /^Reminder: finish your benefit enrollment/.test(m.subject));
    if (wanted.every((w) => reminders.some((m) => m.to.toLowerCase() === w)) || Date.now() > until) return reminders;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The Status Dashboard (issue 28 item 2) at 1280 and 390 px: totals per state as filter links, a name search,
 * a finished employee (PPO, no HSA) at 100%, and "Remind the unfinished": its preview dialog (subject, the
 * rendered email, exactly who), Cancel returning focus, Send, the notice, and the emails in the sink.
 */
describe('status dashboard journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  for (const width of [1280, 390]) {
    it(`HR reads totals, filters and reminds the unfinished at ${width} px`, async () => {
      const { clientId, periodId } = await cloneAcmeWithPlans(browserDb);
      // Ready to Start; HR starts it below (as the Open Enrollment dialog does), which gives everyone their rows.
      await sql(`UPDATE open_enrollment_period SET started_at = NULL, closed_date = NULL, title = $2 WHERE id = $1`, [periodId, `Journey OE ${width}`]);
      const hr = await createPerson(browserDb, { clientId, registered: true, roleType: 1, firstName: 'Hedda', lastName: 'Admin' });
      const people = [];
      for (const firstName of ['Fiona', 'Uma']) {
        const p = await createPerson(browserDb, { clientId, registered: true, firstName, lastName: `Worker${width}` });
        await sql(`UPDATE employee SET birth_date = '1985-03-04', gender = 2, hire_date = '2020-01-06', employment_id = 1 WHERE id = $1`, [p.employeeId]);
        people.push(p);
      }
      const [fiona, uma] = people as [(typeof people)[0], (typeof people)[0]];
      const hrLogin = await apiJson<{ jwt: string }>('/login', { method: 'POST', body: { username: hr.email, password: DEMO_PASSWORD } });
      const oe = await apiJson<{ periods: Array<{ id: number; plans: Array<{ id: number; effectiveDate: string }> }> }>('/openEnrollment', { token: hrLogin.jwt });
      const [{ last }] = await sql<{ last: string }>(`SELECT to_char((now() AT TIME ZONE 'America/New_York')::date + 20, 'MM/DD/YYYY') AS last`);
      const plans = oe.periods.find((p) => p.id === periodId)!.plans.map((p) => ({ id: p.id, effectiveDate: p.effectiveDate }));
      await apiJson('/openEnrollment', { method: 'POST', token: hrLogin.jwt, body: { openEnrollmentId: periodId, endDate: last, plans, sendEmail: false } });

      // Fiona finishes through the API as the wizard would: the PPO, every other type declined or at no cost, signed.
      const { jwt } = await apiJson<{ jwt: string }>('/login', { method: 'POST', body: { username: fiona.email, password: DEMO_PASSWORD } });
      const medical = (await apiJson<Array<{ id: number; title: string }>>('/plans?type=1', { token: jwt })).find((p) => !/HDHP/.test(p.title))!;
      const first = await apiJson<Array<{ id: number; planTypeId: number }>>('/enrollments', { token: jwt });
      await apiJson(`/enrollments/${first.find((r) => r.planTypeId === 1)!.id}`, { method: 'PUT', token: jwt, body: { status: '1', planId: medical.id, dependents: [] } });
      for (const r of await apiJson<Array<{ id: number; planTypeId: number; status: string; restricted: number; selectable: boolean; declineAllowed: boolean }>>('/enrollments', { token: jwt })) {
        if (r.status !== '0' || r.restricted > 0 || !r.selectable) continue;
        if (r.declineAllowed) {
          await apiJson(`/enrollments/${r.id}`, { method: 'PUT', token: jwt, body: { status: '-2' } });
          continue;
        }
        const plan = (await apiJson<Array<{ id: number }>>(`/plans?type=${r.planTypeId}`, { token: jwt }))[0]!;
        await apiJson(`/enrollments/${r.id}`, { method: 'PUT', token: jwt, body: { status: '1', planId: plan.id, dependents: [], hsaContributionAmount: '0', fsaContributionAmounts: { med: '0', dep: '0', tra: '0', park: '0' } } });
      }
      await apiJson('/forms', { method: 'POST', token: jwt, body: { signature: dataUrl(strokePng()) } });

      const { page, errors } = await newPage(browser, width);
      await logIn(page, hr.email);
      await page.waitForURL(`${SITE}/mbl`);
      await page.goto(`${SITE}/mbl/status-dashboard?period=${periodId}`);
      const table = page.getByRole('table', { name: `Journey OE ${width}: employees` });
      const fionaRow = table.getByRole('row', { name: new RegExp(`Worker${width}, Fiona`) });
      await fionaRow.waitFor();
      // 100%: the HSA beside her PPO is not counted as missing.
      expect(await fionaRow.innerText()).toContain('100%');
      expect(await fionaRow.innerText()).toContain('Finished');
      expect(await table.getByRole('row', { name: new RegExp(`Worker${width}, Uma`) }).innerText()).toContain('Not started');
      const filters = page.getByRole('navigation', { name: 'Employees by state' });
      await filters.getByRole('link', { name: 'All 3' }).waitFor();
      expect(await filters.getByRole('link', { name: 'All 3' }).getAttribute('aria-current')).toBe('true');
      expect(await seriousViolations(page, 'dashboard')).toEqual({ step: 'dashboard', violations: [] });
      await holdsAt(page, width);

      // The Finished total filters the list (a link: the address carries it).
      await filters.getByRole('link', { name: 'Finished 1' }).click();
      await page.waitForURL(/state=finished/);
      await fionaRow.waitFor();
      expect(await table.getByRole('row').count()).toBe(2);
      expect(await filters.getByRole('link', { name: 'Finished 1' }).getAttribute('aria-current')).toBe('true');
      // Name search within it: nobody called Uma has finished.
      await page.getByLabel('Name').fill('uma');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByText(StatusDashboardMessages.noMatches).waitFor();
      expect(await seriousViolations(page, 'filtered')).toEqual({ step: 'filtered', violations: [] });
      await filters.getByRole('link', { name: 'All 3' }).click();
      await page.waitForURL((u) => !u.searchParams.has('state'));

      // Remind the unfinished: the preview, then Cancel returns focus to the link.
      const remind = page.getByRole('link', { name: StatusDashboardMessages.remindTitle });
      await remind.click();
      const dialog = page.getByRole('dialog', { name: StatusDashboardMessages.remindTitle });
      await dialog.getByText(StatusDashboardMessages.remindRecipients(2)).waitFor();
      await dialog.getByText(/^Subject: Reminder: finish your benefit enrollment by \d\d\/\d\d\/\d{4}$/).waitFor();
      const listed = await dialog.getByRole('listitem').allInnerTexts();
      expect(listed.map((t) => t.split('\n')[0]!.trim()).sort()).toEqual([`Admin, Hedda ${hr.email}`, `Worker${width}, Uma ${uma.email}`].sort());
      const frame = page.frameLocator('iframe[title="The reminder email as it will arrive"]');
      await frame.getByText(/Your benefit enrollment is not finished/).waitFor();
      expect(await seriousViolations(page, 'remind dialog')).toEqual({ step: 'remind dialog', violations: [] });
      await holdsAt(page, width);
      await dialog.getByRole('link', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await focusedLabel(page, StatusDashboardMessages.remindTitle);

      // Send: the notice says to how many, takes focus, and the emails reach exactly the unfinished.
      await remind.click();
      await dialog.getByRole('button', { name: 'Send to 2 employees' }).click();
      await page.getByText(StatusDashboardMessages.remindSent(2)).waitFor();
      await focusedLabel(page, StatusDashboardMessages.remindSent(2));
      const wanted = [uma.email, hr.email].map((e) => e.toLowerCase());
      const reminders = await remindersTo(wanted);
      expect(reminders.filter((m) => wanted.includes(m.to.toLowerCase())).length).toBe(2);
      expect(reminders.filter((m) => m.to.toLowerCase() === fiona.email.toLowerCase())).toEqual([]);
      expect(await seriousViolations(page, 'after sending')).toEqual({ step: 'after sending', violations: [] });
      expect(scriptErrors(errors)).toEqual([]);
      await page.close();
    }, 120_000);
  }
});
