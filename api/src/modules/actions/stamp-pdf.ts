import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

export interface ApprovalStamp {
  /** The approving administrator's name as it appears on the form. */
  approverName: string;
  /** MM/DD/YYYY. */
  approvedOn: string;
  /** The drawn signature (PNG bytes). */
  signaturePng: Buffer;
}

/** The standard fonts speak WinAnsi only: anything else becomes '?' instead of failing the whole form. */
const printable = (s: string): string => s.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/**
 * Stamps HR's approval onto a form (decisions page, "action documents"): the signature, the name and the
 * date in a box at the foot of the last page, and the same words in the document's subject. No I/O: the
 * signing job decides where the copy goes.
 */
export async function stampApproval(pdf: Buffer, stamp: ApprovalStamp): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const pages = doc.getPages();
  const page = pages[pages.length - 1] ?? doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const image = await doc.embedPng(stamp.signaturePng);
  const { width } = page.getSize();
  const box = { x: 40, y: 24, w: Math.min(360, width - 80), h: 76 };
  page.drawRectangle({ x: box.x, y: box.y, width: box.w, height: box.h, color: rgb(1, 1, 1), borderColor: rgb(0.25, 0.3, 0.45), borderWidth: 1 });
  const line = `Approved by ${printable(stamp.approverName)} on ${stamp.approvedOn}`;
  page.drawText('HR approval', { x: box.x + 8, y: box.y + box.h - 16, size: 9, font: bold, color: rgb(0.1, 0.1, 0.2) });
  page.drawText(line, { x: box.x + 8, y: box.y + 8, size: 9, font, color: rgb(0.1, 0.1, 0.2) });
  // The signature keeps its proportions within the space between the two lines.
  const scale = Math.min(40 / image.height, (box.w - 16) / image.width);
  page.drawImage(image, { x: box.x + 8, y: box.y + 22, width: image.width * scale, height: image.height * scale });
  doc.setSubject(line);
  doc.setModificationDate(new Date(0));
  return doc.save({ useObjectStreams: false });
}
