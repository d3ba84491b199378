import type { Browser, Page } from 'playwright-core';
import { CensusMessages, Messages } from '../../api/src/contracts/messages';
import { apiJson, focusedLabel, launchBrowser, logIn, mailbox, newPage, scriptErrors, SITE, wcagViolations } from '../support/browser';
import { DEMO_PASSWORD } from '../support/test-env';

/** axe's serious and critical findings on what the page shows now (issue 28 item 7: none). */
async function seriousViolations(page: Page, step: string): Promise<{ step: string; violations: unknown[] }> {
  const violations = (await wcagViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return { step, violations };
}

async function holdsAt(page: Page, width: number): Promise<void> {
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
}

const LINK = /https?:\/\/[^\s"'<>]+\/mbl\/registration\?token=[\w-]+/;

/** The registration links emailed to `to` so far, once there are `count` of them. */
async function linksTo(to: string, count: number): Promise<string[]> {
  const until = Date.now() + 15_000;
  for (;;) {
    const links = (await mailbox()).filter((m) => m.to.toLowerCase().includes(to)).flatMap((m) => m.text.match(LINK)?.[0] ?? []);
    if (links.length >= count) return links;
    if (Date.now() > until) throw new Error(`${links.length} of ${count} registration links reached ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('census progress and Resend invite (issue 28 item 2)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  for (const width of [1280, 390]) {
    it(`at ${width} px: each person's progress in the list and on the record, the progress filter, Resend invite with its confirmation, message and focus`, async () => {
      // HR adds two people through Add New Employee's API: one invited, one not.
      const family = `Journey${width}x${Date.now() % 100000}`;
      const hr = await apiJson<{ jwt: string }>('/login', { method: 'POST', body: { username: 'hr@acme.test', password: DEMO_PASSWORD } });
      const email = `ivy.${Date.now()}@acme.test`;
      const base = { lastName: family, employmentId: 1, groupId: 1, hireDate: '11/02/2026' };
      const ivy = await apiJson<{ id: number }>('/employees', { method: 'POST', token: hr.jwt, body: { ...base, firstName: 'Ivy', email } });
      await apiJson('/employees', { method: 'POST', token: hr.jwt, body: { ...base, firstName: 'Noel', email: `noel.${Date.now()}@acme.test`, sendEmail: false } });
      const [first] = await linksTo(email, 1);

      const { page, errors } = await newPage(browser, width);
      await logIn(page, 'hr@acme.test');
      await page.waitForURL(`${SITE}/mbl`);
      await page.goto(`${SITE}/mbl/employees-census?search=${family}`);
      const ivyItem = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `${family}, Ivy` }) });
      const noelItem = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `${family}, Noel` }) });
      await ivyItem.getByText('Invited, not registered').waitFor();
      await noelItem.getByText('Not invited').waitFor();
      await holdsAt(page, width);
      expect(await seriousViolations(page, 'census progress')).toEqual({ step: 'census progress', violations: [] });

      // The filter: only the people at that point, the search kept; Everyone again shows both.
      await page.getByLabel('Progress', { exact: true }).selectOption({ label: 'Not invited' });
      await page.waitForURL((u) => u.searchParams.get('progress') === 'not-invited' && u.searchParams.get('search') === family);
      await noelItem.waitFor();
      await ivyItem.waitFor({ state: 'detached' });
      await page.getByLabel('Progress', { exact: true }).selectOption({ label: 'Signed' });
      await page.waitForURL((u) => u.searchParams.get('progress') === 'signed');
      await page.getByText('No employees').first().waitFor();
      expect(await seriousViolations(page, 'census filtered')).toEqual({ step: 'census filtered', violations: [] });
      await page.getByLabel('Progress', { exact: true }).selectOption({ label: 'Everyone' });
      await ivyItem.waitFor();
      await noelItem.waitFor();

      // The record shows the same progress, and Resend invite for someone not registered.
      await ivyItem.getByRole('link', { name: `${family}, Ivy` }).click();
      await page.getByRole('heading', { name: `Ivy ${family}`, level: 2 }).waitFor();
      await page.getByTestId('employee-progress').getByText('Invited, not registered').waitFor();
      const resend = page.getByRole('link', { name: 'Resend invite' });
      // Cancel (Escape) asks nothing and gives focus back to the button.
      await resend.click();
      const dialog = page.getByRole('dialog', { name: CensusMessages.resendInviteTitle(`Ivy ${family}`) });
      await dialog.getByText(CensusMessages.resendInviteIntro(email)).waitFor();
      expect(await seriousViolations(page, 'resend invite dialog')).toEqual({ step: 'resend invite dialog', violations: [] });
      await holdsAt(page, width);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await focusedLabel(page, 'Resend invite');
      expect(await linksTo(email, 1)).toHaveLength(1);

      // Send the link: the dialog closes, the message says what happened and takes focus; a new link is emailed.
      await resend.click();
      await dialog.getByRole('button', { name: CensusMessages.resendInviteSubmit }).click();
      await dialog.waitFor({ state: 'detached' });
      const sent = CensusMessages.inviteSent(email);
      await page.getByRole('status').filter({ hasText: sent }).waitFor();
      await focusedLabel(page, sent);
      expect(await seriousViolations(page, 'invite sent')).toEqual({ step: 'invite sent', violations: [] });
      const second = (await linksTo(email, 2)).find((l) => l !== first);
      expect(second).toBeDefined();

      // The old link ends (the spec's message); the new one opens Account Setup.
      const old = await fetch(`${SITE}/mbl/api/registration?token=${new URL(first!).searchParams.get('token')}`);
      expect(old.status).toBe(403);
      expect(((await old.json()) as { message: string }).message).toBe(Messages.registrationTokenInvalid);
      const fresh = await fetch(`${SITE}/mbl/api/registration?token=${new URL(second!).searchParams.get('token')}`);
      expect(fresh.status).toBe(200);
      expect(ivy.id).toBeGreaterThan(0);
      expect(scriptErrors(errors)).toEqual([]);
      await page.close();
    });
  }
});
