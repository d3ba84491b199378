import { createHash } from 'node:crypto';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The `<style>` elements bull-board's React code renders (an inline SVG's colours), as the minified files write
 * them: a constant template literal as the element's children. Only constant ones (no `${`, no escapes).
 */
export function renderedStyles(script: string): string[] {
  return [...script.matchAll(/\("style",\{children:`([^`]*)`\}/g)].map((m) => m[1] ?? '').filter((text) => !text.includes('${') && !text.includes('\\'));
}

/**
 * The queue dashboard's own Content-Security-Policy, stricter than the API's (helmet's default, which allows
 * any https: style sheet and font and every inline style). bull-board's page is plain files: its scripts and
 * style sheets come from its own static folder ('self'), its settings travel in a JSON data block (not run, so
 * no script hash is needed), and it fetches only its own API. Its one inline part is the "Loading" placeholder:
 * a <style> element and a few style attributes, and the <style> of an inline SVG its scripts render: allowed by
 * their hashes alone ('unsafe-hashes' covers hashed attributes only), worked out from the page's template and its
 * scripts so an upgrade of bull-board keeps them right. Its Google Fonts link is left blocked: no page of the
 * portal loads anything from a third party (system fonts show).
 */
export function dashboardCsp(template: string, scripts: readonly string[] = []): string {
  const elements = [...[...template.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? ''), ...scripts.flatMap(renderedStyles)].map(sha256);
  const attributes = [...new Set([...template.matchAll(/\sstyle="([^"]*)"/g)].map((m) => m[1] ?? ''))].map(sha256);
  const styles = ["'self'", ...(attributes.length > 0 ? ["'unsafe-hashes'"] : []), ...elements, ...attributes];
  return [
    "default-src 'none'",
    "script-src 'self'",
    "script-src-attr 'none'",
    `style-src ${styles.join(' ')}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}
