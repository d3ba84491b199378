import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { dashboardCsp, renderedStyles } from './dashboard-csp';

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe("the queue dashboard's Content-Security-Policy", () => {
  it('allows its own files and exactly the hashed inline styles of its page; no inline script, no third party', () => {
    const template = '<div style="a:1"><span style="b:2"></span><span style="b:2"></span><style>@keyframes x{}</style></div>';
    const csp = dashboardCsp(template);
    const style = csp.split('; ').find((d) => d.startsWith('style-src '));
    expect(style).toBe(`style-src 'self' 'unsafe-hashes' ${hashOf('@keyframes x{}')} ${hashOf('a:1')} ${hashOf('b:2')}`);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https:/);
  });

  it('hashes the constant <style> elements a script renders, nothing it builds at run time', () => {
    const script = 'a=(0,n.jsx)("style",{children:`\n .x {fill: #000}\n`}),b=(0,n.jsx)("style",{children:`.y{${c}}`})';
    expect(renderedStyles(script)).toEqual(['\n .x {fill: #000}\n']);
    expect(dashboardCsp('', [script])).toContain(hashOf('\n .x {fill: #000}\n'));
  });

  it("covers the installed bull-board page's inline styles and the SVG style its scripts render", () => {
    const ui = join(dirname(require.resolve('@bull-board/ui/package.json')), 'dist');
    const template = readFileSync(join(ui, 'index.ejs'), 'utf8');
    const scripts = readdirSync(join(ui, 'static', 'js')).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(ui, 'static', 'js', f), 'utf8'));
    const csp = dashboardCsp(template, scripts);
    expect(template).toMatch(/<style>/);
    for (const m of template.matchAll(/<style>([\s\S]*?)<\/style>/g)) expect(csp).toContain(hashOf(m[1] ?? ''));
    // The Redis logo's colours (seen blocked in Chromium before its hash was added).
    expect(scripts.flatMap(renderedStyles).some((text) => text.includes('.rds-b1'))).toBe(true);
    // Its scripts are files of its own, and its settings a JSON data block, which a CSP does not run.
    expect(template).not.toMatch(/<script(?![^>]*(\bsrc=|type="application\/json"))[^>]*>/);
  });
});
