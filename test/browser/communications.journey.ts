import type { Browser, Page } from 'playwright-core';
import { browserDb, focusedLabel, focusInDialog, launchBrowser, logIn, mailbox, newHireLikeSam, newPage, scriptErrors, SITE, sql, wcagViolations } from '../support/browser';
import { cloneAcmeClient, createPerson } from '../support/fixtures';

/** Waits for mail in the portal's SMTP sink. */
async function mailTo(to: string, subject: RegExp): Promise<{ to: string; subject: string; html: string; text: string }> {
  for (let i = 0; i < 150; i += 1) {
    const found = (await mailbox()).find((m) => m.to.toLowerCase().includes(to.toLowerCase()) && subject.test(m.subject));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no email to ${to} matching ${subject}`);
}

/** axe's serious and critical findings on what the page shows now (issue 28 item 7: none). */
async function seriousViolations(page: Page, step: string): Promise<{ step: string; violations: unknown[] }> {
  const violations = (await wcagViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return { step, violations };
}

async function holdsAt(page: Page, width: number): Promise<void> {
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
}

describe('communications journey (issue 15)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('HR sends a formatted custom email that the employee reads; the employee contacts HR, and uploads and downloads a personal document', async () => {
    const person = await createPerson(browserDb, { registered: true, firstName: 'Mira', lastName: 'Board' });

    // HR: Communications, the Custom tab, a message with bold text to one employee.
    const { page: hr, errors: hrErrors } = await newPage(browser);
    await logIn(hr, 'hr@acme.test');
    await hr.waitForURL(`${SITE}/mbl`);
    await hr.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Communications' }).click();
    await hr.getByRole('heading', { name: 'Communications', level: 1 }).waitFor();
    // Three tabs, each an address by its name; Acme's open enrollment runs, so the invite tab can be chosen.
    const emailTypes = hr.getByRole('navigation', { name: 'Email types' }).getByRole('link');
    expect(await emailTypes.allInnerTexts()).toEqual(['Welcome Email', 'Open Enrollment Invite', 'Custom']);
    const tabHrefs = await Promise.all((await emailTypes.all()).map((link) => link.getAttribute('href')));
    expect(tabHrefs.map((href) => new URL(href ?? '', SITE).searchParams.get('tab'))).toEqual(['welcome', 'invite', 'custom']);
    await hr.getByRole('navigation', { name: 'Email types' }).getByRole('link', { name: 'Custom' }).click();
    await hr.waitForURL(/tab=custom/);
    const editor = hr.getByRole('textbox', { name: 'Message' });
    await editor.click();
    await hr.keyboard.type('Our benefits fair is on ');
    await hr.getByRole('button', { name: 'Bold' }).click();
    await hr.keyboard.type('Friday at noon');
    await hr.getByRole('checkbox', { name: 'Send to Board, Mira' }).check();
    await hr.getByRole('button', { name: 'Send emails' }).click();
    await hr.getByText('Emails sent successfully!').waitFor();
    await hr.getByText('1 sent, 0 failed, 0 pending of 1').waitFor({ timeout: 30_000 });
    // The form starts afresh after a send.
    expect(await hr.getByRole('checkbox', { name: 'Send to Board, Mira' }).isChecked()).toBe(false);

    const custom = await mailTo(person.email, /^A message from Acme Corp/);
    expect(custom.html).toMatch(/<(b|strong)>Friday at noon<\/(b|strong)>/);
    expect(custom.text).toContain('Our benefits fair is on Friday at noon');

    // The employee writes to HR from the contact page.
    const { page, errors } = await newPage(browser, 390);
    await logIn(page, person.email);
    await page.waitForURL(`${SITE}/mbl`);
    // The page's clock is the test's from here: the feedback delay is stepped through, not waited for.
    await page.clock.install();
    await page.goto(`${SITE}/mbl/contact`);
    const contactHr = page.getByRole('region', { name: 'Contact HR' });
    // The one HR contact is chosen already; the message is required.
    expect(await contactHr.getByLabel('Contact', { exact: true }).inputValue()).not.toBe('');
    await contactHr.getByLabel('Contact', { exact: true }).selectOption('');
    await contactHr.getByRole('button', { name: 'Send' }).click();
    expect(await contactHr.getByText('Field is required').count()).toBe(2);
    await contactHr.getByLabel('Contact', { exact: true }).selectOption({ label: 'Helen Ross' });
    await contactHr.getByLabel('Message').fill('When does my dental coverage start?');
    await contactHr.getByRole('button', { name: 'Send' }).click();
    const sentNotice = contactHr.getByText('Your message has been sent!');
    await sentNotice.waitFor();
    // It stays for the feedback delay (5 seconds), then goes.
    await page.clock.fastForward(3_000);
    expect(await sentNotice.isVisible()).toBe(true);
    await page.clock.fastForward(2_100);
    await sentNotice.waitFor({ state: 'detached', timeout: 2_000 });
    const message = await mailTo('hr@acme.test', /^Message from Mira Board through/);
    expect(message.text).toContain('When does my dental coverage start?');
    await page.getByRole('list', { name: 'Contact Insurance Agent: contacts' }).getByText('Alex Morgan').waitFor();

    // My Documents: the company files by category, then a personal document added and opened again.
    await page.goto(`${SITE}/mbl/documents`);
    const tabs = page.getByRole('navigation', { name: 'Document types' });
    await tabs.getByRole('link', { name: 'Company Files' }).click();
    await page.getByRole('heading', { name: 'Policies', level: 2 }).waitFor();
    await tabs.getByRole('link', { name: 'Personal Documents' }).click();
    await page.getByText('No files are available at this time').waitFor();
    await page.getByRole('link', { name: 'Add file' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add file' });
    const pdf = Buffer.from('%PDF-1.4\n% a scanned birth certificate\n');
    await dialog.getByLabel(/Drop a file here/).waitFor();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'scan-0042.pdf', mimeType: 'application/pdf', buffer: pdf });
    expect(await dialog.getByLabel('Name').inputValue()).toBe('scan-0042.pdf');
    await dialog.getByLabel('Name').fill('Birth certificate');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('File uploaded successfully!').waitFor();
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Birth certificate' }).click();
    const download = await downloading;
    const chunks: Buffer[] = [];
    for await (const c of (await download.createReadStream())!) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(pdf)).toBe(true);
    // The page holds at 390 px.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);

    // A client whose open enrollment has not started: the invite tab is shown but cannot be chosen, and says why.
    const waiting = await createPerson(browserDb, { clientId: await cloneAcmeClient(browserDb), registered: true, roleType: 1, firstName: 'Ivy', lastName: 'Waiting' });
    const { page: hrWaiting, errors: waitingErrors } = await newPage(browser);
    await logIn(hrWaiting, waiting.email);
    await hrWaiting.waitForURL(`${SITE}/mbl`);
    await hrWaiting.goto(`${SITE}/mbl/message-board?tab=welcome`);
    const waitingTabs = hrWaiting.getByRole('navigation', { name: 'Email types' });
    expect(await waitingTabs.getByRole('link').allInnerTexts()).toEqual(['Welcome Email', 'Custom']);
    const invite = waitingTabs.getByText('Open Enrollment Invite');
    expect(await invite.getAttribute('aria-disabled')).toBe('true');
    expect(await invite.getAttribute('title')).toBe('There is no open enrollment period to invite to');

    expect(scriptErrors(hrErrors)).toEqual([]);
    expect(scriptErrors(errors)).toEqual([]);
    expect(scriptErrors(waitingErrors)).toEqual([]);
  });

  it('HR adds a custom document step in Employer Forms and a new hire sees it in onboarding', async () => {
    const title = `Direct deposit authorization ${Date.now().toString(36)}`;
    try {
      const { page: hr, errors: hrErrors } = await newPage(browser);
      await logIn(hr, 'hr@acme.test');
      await hr.waitForURL(`${SITE}/mbl`);
      await hr.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Employer Forms' }).click();
      const frame = hr.frameLocator('iframe[title^="Employer Forms"]');
      await frame.getByRole('heading', { name: 'Onboarding steps' }).waitFor();
      // The frame's address lost its ticket at once: the page is on the list, signed in by its cookie.
      expect(hr.frames().some((f) => f.url().endsWith('/mbl/api/employer-forms/steps'))).toBe(true);
      await frame.getByRole('link', { name: 'Add a step' }).click();
      await frame.getByRole('button', { name: 'Save' }).click();
      await frame.getByText('Field is required').first().waitFor();
      await frame.getByLabel('Title').fill(title);
      await frame.getByLabel('Instructions for employees').fill('<p>Tell us the <strong>bank</strong> for your pay.</p><script>alert(1)</script>');
      await frame.getByLabel('Field 1 label').fill('Bank name');
      await frame.getByRole('button', { name: 'Add a field' }).click();
      await frame.getByLabel('Field 2 label').fill('Account type');
      await frame.getByLabel('Field 2 type').selectOption('dropdown');
      await frame.getByLabel('Field 2 dropdown choices').fill('Checking, Savings');
      await frame.getByLabel('Employees must acknowledge it with their typed name').check();
      await frame.getByRole('button', { name: 'Save' }).click();
      await frame.getByText('The step is saved. Employees see it in onboarding.').waitFor();
      await frame.getByRole('link', { name: title }).waitFor();
      const [saved] = await sql<{ comment_html: string; custom_fields: unknown }>('SELECT comment_html, custom_fields FROM onboarding_document WHERE title = $1', [title]);
      expect(saved!.comment_html).toBe('<p>Tell us the <strong>bank</strong> for your pay.</p>');
      expect(saved!.custom_fields).toEqual([
        { id: 1, fieldLabel: 'Bank name', fieldType: 'text' },
        { id: 2, fieldLabel: 'Account type', fieldType: 'dropdown', options: ['Checking', 'Savings'] },
      ]);

      // A new hire like sam: the step is in the Documents step of onboarding, with its fields.
      const hire = await newHireLikeSam('Dora');
      const { page, errors } = await newPage(browser);
      await logIn(page, hire.email);
      await page.waitForURL(/\/mbl\/onboarding/);
      await page.getByRole('heading', { name: 'Employee Profile' }).waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: title, level: 3 }).waitFor();
      await page.getByText('Tell us the bank for your pay.').waitFor();
      await page.getByLabel('Bank name').waitFor();
      await page.getByLabel('Account type').waitFor();

      // HR takes the step out again (nobody answered it).
      await frame.getByRole('button', { name: `Delete ${title}` }).click();
      await frame.getByText('The step is deleted.').waitFor();
      expect(scriptErrors(hrErrors)).toEqual([]);
      expect(scriptErrors(errors)).toEqual([]);
    } finally {
      // Acme's onboarding is shared by the other journeys.
      await sql('DELETE FROM onboarding_document WHERE title = $1 AND NOT EXISTS (SELECT 1 FROM onboarding_document_response r WHERE r.document_id = onboarding_document.id)', [title]);
    }
  });

  it('a custom email has a subject and a preview of the email as the recipient sees it, then is sent from the preview (issue 28 item 5), at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      const person = await createPerson(browserDb, { registered: true, firstName: `Subi${width}`, lastName: 'Ject' });
      const recipient = `Send to Ject, Subi${width}`;
      const { page, errors } = await newPage(browser, width);
      await logIn(page, 'hr@acme.test');
      await page.waitForURL(`${SITE}/mbl`);
      await page.goto(`${SITE}/mbl/message-board?tab=custom`);
      await page.getByRole('heading', { name: 'Communications', level: 1 }).waitFor();
      const subjectField = page.getByLabel('Subject');
      expect(await subjectField.getAttribute('placeholder')).toBe('A message from Acme Corp');
      await page.getByText("Left empty, it is sent as 'A message from Acme Corp'.").waitFor();
      const subject = `Benefits fair & lunch (${width} px)`;
      await subjectField.fill(subject);
      const editor = page.getByRole('textbox', { name: 'Message' });
      await editor.click();
      await page.keyboard.type('See you at the fair on ');
      await page.getByRole('button', { name: 'Bold' }).click();
      await page.keyboard.type('Friday');
      await page.getByRole('checkbox', { name: recipient }).check();
      expect(await seriousViolations(page, `compose ${width}`)).toEqual({ step: `compose ${width}`, violations: [] });
      await holdsAt(page, width);

      // The preview: a dialog at its own address with the subject and the whole email in the client's frame.
      await page.getByRole('button', { name: 'Preview' }).click();
      const dialog = page.getByRole('dialog', { name: 'Preview' });
      await dialog.waitFor();
      await page.waitForURL(/\/mbl\/message-board\/preview\?tab=custom$/);
      await dialog.getByText(`As Subi${width} Ject will receive it. Sent to 1 employee.`).waitFor();
      await dialog.getByText(subject, { exact: true }).waitFor();
      const email = page.frameLocator(`iframe[title="Email: ${subject}"]`);
      await email.getByText(`Hello Subi${width},`).waitFor();
      await email.getByText('Acme Corp · ', { exact: false }).first().waitFor();
      expect(await email.locator('b, strong').filter({ hasText: 'Friday' }).count()).toBe(1);
      await email.getByText('This message was sent by', { exact: false }).waitFor();
      expect(await seriousViolations(page, `preview ${width}`)).toEqual({ step: `preview ${width}`, violations: [] });
      await holdsAt(page, width);

      // Back to edit: the form as it was, and focus back on Preview.
      await dialog.getByRole('link', { name: 'Back to edit' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.waitForURL(/\/mbl\/message-board\?tab=custom$/);
      await focusedLabel(page, 'Preview');
      expect(await subjectField.inputValue()).toBe(subject);
      expect(await page.getByRole('checkbox', { name: recipient }).isChecked()).toBe(true);
      expect(await editor.textContent()).toBe('See you at the fair on Friday');

      // Escape closes it as well; then Send emails from the preview sends it with that subject.
      await page.getByRole('button', { name: 'Preview' }).click();
      await dialog.waitFor();
      await focusInDialog(page);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await focusedLabel(page, 'Preview');
      await page.getByRole('button', { name: 'Preview' }).click();
      await dialog.getByRole('button', { name: 'Send emails' }).click();
      await page.getByText('Emails sent successfully!').waitFor();
      await page.getByText('1 sent, 0 failed, 0 pending of 1').waitFor({ timeout: 30_000 });
      const sent = await mailTo(person.email, /^Benefits fair & lunch/);
      expect(sent.subject).toBe(subject);
      expect(sent.html).toMatch(/<(b|strong)>Friday<\/(b|strong)>/);
      expect(sent.html).toContain(`Hello Subi${width},`);
      expect(scriptErrors(errors)).toEqual([]);
      await page.context().close();
    }
  });

  it('before scripts load: Subject, Preview, Back to edit with everything kept, and Send from the preview', async () => {
    const person = await createPerson(browserDb, { registered: true, firstName: 'Nojs', lastName: 'Ject' });
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    await logIn(page, 'hr@acme.test');
    await page.waitForURL(`${SITE}/mbl`);
    await page.goto(`${SITE}/mbl/message-board?tab=custom`);
    await page.getByLabel('Subject').fill('Plain words, no scripts');
    await page.getByLabel('Message').fill('First paragraph.\n\nSecond paragraph.');
    await page.getByRole('checkbox', { name: 'Send to Ject, Nojs' }).check();
    await page.getByRole('button', { name: 'Preview' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preview' });
    await dialog.waitFor();
    await dialog.getByText('Plain words, no scripts', { exact: true }).waitFor();
    await page.frameLocator('iframe[title="Email: Plain words, no scripts"]').getByText('Second paragraph.').waitFor();
    // (axe needs scripts in the page: the dialog's markup is checked with them above.)
    await holdsAt(page, 390);
    await dialog.getByRole('button', { name: 'Back to edit' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Subject').inputValue()).toBe('Plain words, no scripts');
    expect((await page.getByLabel('Message').inputValue()).replace(/\r\n/g, '\n')).toBe('First paragraph.\n\nSecond paragraph.');
    expect(await page.getByRole('checkbox', { name: 'Send to Ject, Nojs' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByRole('button', { name: 'Send emails' }).click();
    await page.getByText('Emails sent successfully!').waitFor();
    const sent = await mailTo(person.email, /^Plain words, no scripts$/);
    expect(sent.text).toContain('Second paragraph.');
    await context.close();
  });
});
