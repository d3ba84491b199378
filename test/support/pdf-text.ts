import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, roughly: every content stream (inflated when compressed) with its string operands
 * decoded, literal `(...)` and hex `<...>` alike (what Tj shows). Enough for a test to
 * ask "does this form say X" without a PDF reader library.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const parts: string[] = [raw];
  const streams = /stream\r?\n/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const body = pdf.subarray(start, end);
    try {
      parts.push(inflateSync(body).toString('latin1'));
    } catch {
      parts.push(body.toString('latin1'));
    }
  }
  const all = parts.join('\n');
  const hex = [...all.matchAll(/<([0-9A-Fa-f\s]+)>\s*Tj/g)].map((h) => Buffer.from(h[1]!.replace(/\s/g, ''), 'hex').toString('latin1'));
  const literal = [...all.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)].map((l) => l[1]!.replace(/\\(.)/g, '$1'));
  return [...hex, ...literal].join('\n');
}
