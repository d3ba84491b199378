import { EmailRenderer, htmlToText, resolveTemplatesDir, textColorOn } from './email-renderer';
import { EMAIL_TEMPLATES } from './email-templates';

describe('EmailRenderer', () => {
  const renderer = new EmailRenderer({ productName: 'Acme <Benefits>', publicUrl: 'https://benefits.example' });

  it('finds the templates next to the sources', () => {
    expect(resolveTemplatesDir({})).toMatch(/core[\\/]mail[\\/]templates$/);
  });

  it('renders the welcome email inside the layout, with the product name and the link', () => {
    const url = 'https://benefits.example/mbl/register?token=abc&x=1';
    const { html, text } = renderer.render('welcome', { firstName: 'Sam', clientName: 'Acme Corp', registrationUrl: url }, 'Welcome');
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('<title>Welcome</title>');
    expect(html).toContain('Acme &lt;Benefits&gt;'); // product name escaped in the layout
    expect(html).toContain('Welcome, Sam!');
    expect(html).toContain('Acme Corp uses Acme &lt;Benefits&gt;');
    // Handlebars escapes & and = in attributes; a browser decodes them back to the same URL.
    expect(html).toContain('href="https://benefits.example/mbl/register?token&#x3D;abc&amp;x&#x3D;1"');
    expect(html).toContain('Finish registration');
    expect(text).toContain(`Finish registration (${url})`);
    expect(text).toContain('Welcome, Sam!');
    expect(text).not.toMatch(/<(a|p|table|h1)\b/);
  });

  it('escapes data in templates', () => {
    const { html } = renderer.render('welcome', { firstName: '<script>alert(1)</script>', registrationUrl: 'https://x.test/"onmouseover="x' }, 's');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('"onmouseover="');
  });

  it('renders the password reset email with its expiry', () => {
    const { html } = renderer.render('password-reset', { resetUrl: 'https://x.test/reset?t=1', expiresInMinutes: 60 }, 'Reset');
    expect(html).toContain('works for 60 minutes');
    expect(html).toContain('Choose a new password');
  });

  it('escapes an HR body and keeps its paragraphs; trusted HTML passes as is', () => {
    const body = 'Hello <b>team</b> & co\nsecond line\n\nNew paragraph';
    const escaped = renderer.render('generic', { subject: 'News <1>', body }, 'News <1>').html;
    expect(escaped).toContain('<h1 style="margin:0 0 16px;font-size:24px;line-height:32px;">News &lt;1&gt;</h1>');
    expect(escaped).toContain('Hello &lt;b&gt;team&lt;/b&gt; &amp; co<br>second line</p>');
    expect(escaped).toContain('>New paragraph</p>');
    expect(escaped).not.toContain('<b>team</b>');

    const trusted = renderer.render('generic', { subject: 'News', body: '<p>Hello <b>team</b></p>', trustedHtml: true }, 'News').html;
    expect(trusted).toContain('<p>Hello <b>team</b></p>');
  });

  it('renders subjects as plain text on one line', () => {
    expect(renderer.renderSubject('welcome', { registrationUrl: 'u' })).toBe('Welcome to Acme <Benefits>: finish your registration');
    expect(renderer.renderSubject('generic', { subject: 'Open enrollment & you\r\nBcc: x@y', body: '' })).toBe('Open enrollment & you Bcc: x@y');
  });

  it("life events' emails: the decision either way and the document reminder, HR's reason escaped", () => {
    const event = { firstName: 'Ada', eventTitle: 'Birth or adoption', event: 'birth or adoption' };
    expect(renderer.renderSubject('life-event-approved', { ...event, coverageStarts: '12/01/2026' })).toBe('Your birth or adoption change is approved');
    expect(renderer.render('life-event-approved', { ...event, coverageStarts: '12/01/2026' }, 's').text).toContain(
      'Hello Ada,\n\nHR approved the changes to your benefits after your life event (Birth or adoption). They take effect on 12/01/2026.',
    );
    expect(renderer.renderSubject('life-event-rejected', { ...event, reason: 'x' })).toBe('Your birth or adoption change needs another look');
    const rejected = renderer.render('life-event-rejected', { ...event, reason: 'Wrong <date>' }, 's');
    expect(rejected.html).toContain('Wrong &lt;date&gt;');
    expect(rejected.text).toContain('(Birth or adoption):\n\nWrong <date>\n\nSign in and open Change Benefits to report it again.');
    const reminder = { firstName: 'Ada', eventTitle: 'Birth or adoption', document: 'birth certificate or adoption papers', signedOn: '11/20/2026' };
    expect(renderer.renderSubject('life-event-proof-reminder', reminder)).toBe('Please upload your birth certificate or adoption papers');
    expect(renderer.render('life-event-proof-reminder', reminder, 's').text).toContain(
      'Hello Ada,\n\nYou reported a life event (Birth or adoption) and signed the changes on 11/20/2026. HR approves them once you upload your birth certificate or adoption papers.\n\nSign in and open Change Benefits to upload it.',
    );
  });

  it('has a file for every template', () => {
    for (const name of Object.keys(EMAIL_TEMPLATES) as Array<keyof typeof EMAIL_TEMPLATES>) {
      expect(() => renderer.render(name, { registrationUrl: 'u', resetUrl: 'u', expiresInMinutes: 1, subject: 's', body: 'b' }, 's')).not.toThrow();
    }
  });
});

describe('htmlToText', () => {
  it('keeps link targets and decodes entities', () => {
    expect(htmlToText('<p>A &amp; B</p><p><a href="https://x.test/?a&#x3D;1">Go</a></p>')).toBe('A & B\n\nGo (https://x.test/?a=1)');
  });
});

describe('the client\'s header colour', () => {
  it.each([
    ['#1e3a8a', '#ffffff'],
    ['#ffffff', '#111827'],
    ['#fde047', '#111827'],
    ['#000', '#ffffff'],
    ['#0f766e', '#ffffff'],
  ])('text on %s is %s', (background, text) => {
    expect(textColorOn(background)).toBe(text);
  });

  it('only a hex colour reaches the style attribute', () => {
    const renderer = new EmailRenderer({ productName: 'Benefits Portal', publicUrl: 'http://localhost:3000' });
    const data = { clientName: 'Acme', bodyHtml: '<p>Hi</p>', subject: 's' };
    expect(renderer.render('custom-message', { ...data, brand: { headerColor: '#0f766e' } }, 's').html).toContain('background-color:#0f766e;');
    const hostile = renderer.render('custom-message', { ...data, brand: { headerColor: 'red;background:url(https://x.test/t)' } }, 's').html;
    expect(hostile).not.toContain('x.test');
    expect(hostile).toContain('background-color:#1e3a8a;');
  });
});
