import type { Browser, Page } from 'playwright-core';
import { launchBrowser, logIn, newPage, scriptErrors, SITE, sql, wcagViolations } from '../support/browser';
import { check834, el } from '../support/edi834-guide';

/** axe's serious and critical findings on what the page shows now (none allowed). */
async function seriousViolations(page: Page, step: string): Promise<{ step: string; violations: unknown[] }> {
  const violations = (await wcagViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return { step, violations };
}

async function downloaded(page: Page, link: string): Promise<{ name: string; text: string }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: link }).click();
  const download = await downloading;
  const chunks: Buffer[] = [];
  for await (const c of (await download.createReadStream())!) chunks.push(c as Buffer);
  return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

/**
 * Issue 30 items 2 and 4 in the browser: HR opens Carrier files from Transactions, adds a carrier (the
 * contracts' messages first), and downloads its EDI 834 full and changes files (each link asks the workers for
 * the file, waits for them, then streams it), which parse back with node-x12 against the guide's rules; the
 * carrier's page lists both and downloads the full one again; at 1280 and 390 px with axe.
 */
describe('carrier files journey (issue 30)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('HR adds a carrier and downloads its 834 files from Transactions, at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      const { page, errors } = await newPage(browser, width);
      await logIn(page, 'hr@acme.test');
      await page.waitForURL(`${SITE}/mbl`);
      await page.goto(`${SITE}/mbl/transactions`);
      await page.getByRole('link', { name: 'Carrier files' }).click();
      await page.getByRole('heading', { name: 'Carrier files', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Add carrier' }).click();
      await page.getByRole('heading', { name: 'Add carrier', level: 1 }).waitFor();
      expect(await seriousViolations(page, `form ${width}`)).toEqual({ step: `form ${width}`, violations: [] });

      // The contracts' messages, before anything is sent.
      await page.getByRole('button', { name: 'Add carrier' }).click();
      await page.getByText('Choose the plan types this carrier receives').waitFor();
      await page.getByText('Enter the 9-digit federal employer ID (FEIN)').waitFor();

      const name = `Journey Carrier ${width} ${Date.now() % 100000}`;
      await page.getByLabel('Carrier name').fill(name);
      await page.getByLabel('Group policy number (REF*38)').fill('GRP-77');
      await page.getByLabel('Employer FEIN (9 digits)').fill('123456789');
      await page.getByLabel('Group Medical').check();
      await page.getByLabel('ISA sender ID (ISA06)').fill('ACMECORP');
      await page.getByLabel('ISA receiver ID qualifier (ISA07)').selectOption('30');
      await page.getByLabel('ISA receiver ID (ISA08)').fill('990011223');
      await page.getByLabel('GS sender code (GS02)').fill('ACMECORP');
      await page.getByLabel('GS receiver code (GS03)').fill('JOURNEY');
      await page.getByRole('button', { name: 'Add carrier' }).click();
      await page.getByText(`${name} was added.`).waitFor();
      await page.getByRole('heading', { name: 'Carrier files', level: 1 }).waitFor();
      expect(await seriousViolations(page, `list ${width}`)).toEqual({ step: `list ${width}`, violations: [] });
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);

      const full = await downloaded(page, `Download the full file for ${name}`);
      expect(full.name).toMatch(/^Journey-Carrier-\d+-\d+-834-full-1\.edi$/);
      const fullChecked = check834(full.text);
      expect(fullChecked.problems).toEqual([]);
      expect(fullChecked.parsed.members.length).toBeGreaterThan(0);
      expect(full.text).toContain('GS*BE*ACMECORP*JOURNEY*');
      const changes = await downloaded(page, `Download the changes file for ${name}`);
      const changesChecked = check834(changes.text);
      expect(changesChecked.problems).toEqual([]);
      expect(el(changesChecked.parsed.interchange.functionalGroups[0]!.header, 6)).toBe('2');

      // Both came the queued way: each link asked the workers for its file, which they wrote sealed (nothing in
      // clear kept), and the download streamed that file.
      const asked = await sql<{ kind: string; status: string; sealed: boolean; clear: boolean }>(
        `SELECT r.kind, r.status, f.content_enc IS NOT NULL AS sealed, coalesce(f.content_enc LIKE '%ISA*%', false) AS clear
           FROM carrier_file_request r JOIN carrier c ON c.id = r.carrier_id LEFT JOIN carrier_file f ON f.id = r.file_id WHERE c.name = $1 ORDER BY r.id`,
        [name],
      );
      expect(asked).toEqual([
        { kind: 'full', status: 'done', sealed: true, clear: false },
        { kind: 'changes', status: 'done', sealed: true, clear: false },
      ]);
      // The carrier's page lists the written files; the full one downloads again, the same file.
      await page.getByRole('link', { name: `Edit ${name}` }).click();
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      await page.getByText(`Full file, control number 1: ${fullChecked.parsed.members.length} members`).waitFor();
      await page.getByText(/^Changes file, control number 2: \d+ members$/).waitFor();
      const again = await downloaded(page, 'Download the full file with control number 1');
      expect(again).toEqual(full);
      expect(scriptErrors(errors)).toEqual([]);
      await page.close();
    }
  });
});
