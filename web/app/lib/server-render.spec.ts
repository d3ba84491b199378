import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { createElement, Suspense, type ReactNode } from 'react';

/**
 * React's streaming server renderer is patched (patches/react-dom+18.3.1.patch): its production build gathers a
 * page's text in one string and encodes it once per 2 KB, where React 18 encoded each of a page's thousand small
 * chunks into its buffer on its own. These cases hold the patched writer to React's own string renderer (the legacy
 * renderToString, a build of its own that the patch does not touch): byte for byte the same page, whatever the text
 * (escaping, multibyte, surrogate pairs, runs past the buffer), and renders in flight at once never mixing their
 * text, since the gathered string lives beside React's own module-level buffer.
 */

type Server = typeof import('react-dom/server');
const load = createRequire(__filename);
// By path: react-dom's exports do not name its builds.
const reactDomDir = dirname(load.resolve('react-dom/package.json'));
const PRODUCTION_FILE = join(reactDomDir, 'cjs', 'react-dom-server.node.production.min.js');
// The build `npm start` renders with (NODE_ENV=production); jest would otherwise load the development one.
const streaming = load(PRODUCTION_FILE) as Server;
const legacy = load(join(reactDomDir, 'cjs', 'react-dom-server-legacy.node.production.min.js')) as Server;

/** Renders to the end through the patched writer; answers the page and the size of each write. */
function renderStream(node: ReactNode): Promise<{ html: string; writes: number[] }> {
  return new Promise((resolve, reject) => {
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    sink.on('end', () => resolve({ html: Buffer.concat(chunks).toString('utf8'), writes: chunks.map((c) => c.length) }));
    const { pipe } = streaming.renderToPipeableStream(node, {
      onAllReady: () => pipe(sink),
      onShellError: reject,
    });
  });
}

const h = createElement;

/** A page-like tree: many small elements, attributes, style objects, lists, text React must escape. */
function pageLike(text: string, rows: number): ReactNode {
  return h(
    'main',
    { id: 'main', className: 'flex flex-col gap-2', 'aria-labelledby': 'title' },
    h('h1', { id: 'title', style: { fontSize: 18, marginTop: 0, WebkitLineClamp: 2 } }, text),
    h(
      'ul',
      { className: 'space-y-1' },
      Array.from({ length: rows }, (_, i) =>
        h('li', { key: i, 'data-row': i }, h('a', { href: `/mbl/employees-census/${i}?q=${encodeURIComponent(text)}` }, `${text} ${i}`), ' ', h('span', null, i % 2 ? 'Complete' : 'Missing')),
      ),
    ),
    h('input', { name: 'search', defaultValue: text, 'aria-label': 'Search' }),
    h('textarea', { defaultValue: text.repeat(3) }),
    h('script', { dangerouslySetInnerHTML: { __html: `window.x = ${JSON.stringify(text)};` } }),
  );
}

const TEXTS: Array<[string, string]> = [
  ['plain ASCII', 'Doe, Jane'],
  ['characters React escapes', `<b>"Tom" & 'Jerry'</b>`],
  ['two- and three-byte UTF-8', 'Zoë Müller, 東京 – €1,234.56'],
  ['surrogate pairs', '🎉 Welcome 👩‍👩‍👧 aboard 🚀'],
  ['one run longer than the 2 KB buffer', 'Ä'.repeat(1500)],
  ['a run just under a third of the buffer', 'x'.repeat(682)],
];

describe('the patched streaming renderer writes the page React renders', () => {
  it('is the patched build (the patch is applied)', () => {
    expect(readFileSync(PRODUCTION_FILE, 'utf8')).toContain('Patched (patches/react-dom+*.patch): text is gathered in one string');
  });

  it.each(TEXTS)('%s: byte for byte the string renderer’s page', async (_what, text) => {
    for (const rows of [0, 3, 400]) {
      const tree = pageLike(text, rows);
      const { html } = await renderStream(tree);
      expect(html).toBe(legacy.renderToString(tree));
    }
  });

  it('a long page leaves in writes of about 2 KB, not one per element', async () => {
    const { html, writes } = await renderStream(pageLike('Doe, Jane', 600));
    expect(Buffer.byteLength(html)).toBeGreaterThan(60_000);
    expect(writes.length).toBeLessThan(Buffer.byteLength(html) / 1024);
    expect(writes.reduce((a, b) => a + b, 0)).toBe(Buffer.byteLength(html));
  });

  it('renders in flight at once keep their own text, suspended parts included', async () => {
    // Each page suspends twice, resolving in an order that interleaves the pages' flushes. React 18 suspends on a
    // thrown promise; the text is there once it has settled.
    const settled = new Map<string, boolean>();
    const waiting = new Map<string, Promise<void>>();
    function Late({ value, ms }: { value: string; ms: number }) {
      if (settled.get(value)) return h('p', null, value);
      if (!waiting.has(value)) waiting.set(value, new Promise<void>((resolve) => setTimeout(() => (settled.set(value, true), resolve()), ms)));
      throw waiting.get(value);
    }
    const page = (name: string, first: number, second: number) =>
      h(
        'div',
        null,
        h('h1', null, `${name} `.repeat(200)),
        h(Suspense, { fallback: h('i', null, 'loading') }, h(Late, { value: `${name}-first`, ms: first })),
        h(Suspense, { fallback: h('i', null, 'loading') }, h(Late, { value: `${name}-second`, ms: second })),
      );
    const names = ['alpha', 'bravo', 'charlie', 'delta'];
    const results = await Promise.all(names.map((name, i) => renderStream(page(name, 5 + i * 7, 40 - i * 9))));
    results.forEach(({ html }, i) => {
      const own = names[i]!;
      expect(html).toContain(`${own}-first`);
      expect(html).toContain(`${own}-second`);
      for (const other of names.filter((n) => n !== own)) expect(html).not.toContain(other);
    });
  });
});
