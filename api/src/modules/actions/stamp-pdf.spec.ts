import { PDFDocument } from 'pdf-lib';
import { inflateSync } from 'node:zlib';
import { stampApproval } from './stamp-pdf';

/** A 1x1 opaque PNG (enough for pdf-lib to embed). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** The hex strings shown by Tj in the PDF's (deflated) content streams. */
function shownText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf).toString('latin1');
  const out: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let body = m[1]!;
    try {
      body = inflateSync(Buffer.from(body, 'latin1')).toString('latin1');
    } catch {
      // not compressed
    }
    for (const h of body.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) out.push(Buffer.from(h[1]!, 'hex').toString('latin1'));
  }
  return out.join('\n');
}

describe('stampApproval (decisions page, action documents)', () => {
  it("puts HR's name and date on the last page of a form, keeping its pages", async () => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    doc.addPage([612, 792]);
    const stamped = await stampApproval(Buffer.from(await doc.save()), { approverName: 'Helen Ross', approvedOn: '11/25/2026', signaturePng: PNG });
    const back = await PDFDocument.load(stamped);
    expect(back.getPageCount()).toBe(2);
    expect(back.getSubject()).toBe('Approved by Helen Ross on 11/25/2026');
    expect(shownText(stamped)).toContain('Approved by Helen Ross on 11/25/2026');
  });

  it('writes a name outside WinAnsi with ? instead of failing the whole form', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    const stamped = await stampApproval(Buffer.from(await doc.save()), { approverName: 'Zoë 李', approvedOn: '01/02/2026', signaturePng: PNG });
    expect(shownText(stamped)).toContain('Approved by Zoë ? on 01/02/2026');
  });

  it('refuses bytes that are not a PDF', async () => {
    await expect(stampApproval(Buffer.from('not a pdf'), { approverName: 'X', approvedOn: '01/02/2026', signaturePng: PNG })).rejects.toThrow();
  });
});
