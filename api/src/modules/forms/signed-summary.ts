import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatUsd, parseMoney } from '../../contracts/plans';

/** What an employee signed, fixed at signing (the signature row's summary). No SSNs: the PDF never shows them. */
export interface SignedSummary {
  employeeName: string;
  clientName: string;
  periodTitle: string | null;
  payPeriods: number;
  elections: Array<{
    /** Absent from summaries signed before the action center (they count as all changed). */
    planTypeId?: number;
    planId?: number | null;
    planType: string;
    planName: string;
    /** '1' Enrolled, '-1' Waived, '-2' Declined. */
    status: string;
    dependents: string[];
    /** Per pay period, decimal string. */
    contributionAmount: string;
    effectiveDate: string | null;
  }>;
  dependents: Array<{ name: string; relationship: string; birthDate: string | null }>;
  /** Sum of the elected contributions per pay period, decimal string. */
  totalContribution: string;
  /** ISO timestamp. */
  signedAt: string;
  ip: string | null;
}

const PAGE = { width: 612, height: 792, margin: 50 };
const INK = rgb(0.1, 0.1, 0.2);
const MUTED = rgb(0.4, 0.4, 0.45);

/** The standard fonts speak WinAnsi only: anything else becomes '?' instead of failing the whole document. */
const printable = (s: string): string => s.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

const money = (decimal: string): string => formatUsd(parseMoney(decimal) ?? 0);

/** "2026-11-22T15:04:05.000Z" -> "11/22/2026 15:04 UTC". */
export function signedAtText(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

class Writer {
  private page: PDFPage;
  private y: number;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  /** Room for `height` more points, or a new page. */
  ensure(height: number): PDFPage {
    if (this.y - height < PAGE.margin) {
      this.page = this.doc.addPage([PAGE.width, PAGE.height]);
      this.y = PAGE.height - PAGE.margin;
    }
    return this.page;
  }

  gap(points: number): void {
    this.y -= points;
  }

  /** One line of cells at x offsets; long cells are cut to their column. */
  row(cells: Array<[x: number, width: number, text: string]>, opts: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb> } = {}): void {
    const size = opts.size ?? 10;
    const font = opts.bold ? this.bold : this.font;
    const page = this.ensure(size + 6);
    this.y -= size + 4;
    for (const [x, width, raw] of cells) {
      let text = printable(raw);
      if (font.widthOfTextAtSize(text, size) > width) {
        while (text.length > 1 && font.widthOfTextAtSize(`${text}...`, size) > width) text = text.slice(0, -1);
        text = `${text}...`;
      }
      page.drawText(text, { x: PAGE.margin + x, y: this.y, size, font, color: opts.color ?? INK });
    }
  }

  line(text: string, opts: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb> } = {}): void {
    this.row([[0, PAGE.width - 2 * PAGE.margin, text]], opts);
  }

  async image(png: Uint8Array, maxWidth: number, maxHeight: number): Promise<void> {
    const embedded = await this.doc.embedPng(png);
    const scale = Math.min(maxWidth / embedded.width, maxHeight / embedded.height, 1);
    const w = embedded.width * scale;
    const h = embedded.height * scale;
    const page = this.ensure(h + 8);
    this.y -= h + 4;
    page.drawImage(embedded, { x: PAGE.margin, y: this.y, width: w, height: h });
    page.drawLine({ start: { x: PAGE.margin, y: this.y - 2 }, end: { x: PAGE.margin + 240, y: this.y - 2 }, thickness: 0.5, color: MUTED });
  }
}

/**
 * The signed enrollment summary: elections with their per-paycheck cost and covered dependents, declined
 * plans, the dependents, the total per paycheck, and the signature with its date and IP address.
 */
export async function renderSignedSummaryPdf(s: SignedSummary, signaturePng: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(printable(`Enrollment Summary - ${s.employeeName}`));
  doc.setSubject('Signed benefits enrollment summary');
  doc.setAuthor(printable(s.clientName));
  doc.setCreator('Benefits Portal');
  doc.setCreationDate(new Date(s.signedAt));
  const w = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));

  w.line('Enrollment Summary', { size: 18, bold: true });
  w.line(`${s.employeeName} - ${s.clientName}`, { size: 12 });
  if (s.periodTitle) w.line(s.periodTitle, { color: MUTED });
  w.gap(12);

  const elected = s.elections.filter((e) => e.status === '1');
  const declined = s.elections.filter((e) => e.status !== '1');
  w.line('Plans You Elected', { size: 13, bold: true });
  if (elected.length === 0) w.line('You are not enrolled in any plans');
  else {
    w.row([[0, 120, 'Plan type'], [125, 170, 'Plan'], [300, 140, 'Covered dependents'], [445, 67, 'Per paycheck']], { bold: true });
    for (const e of elected) {
      w.row([[0, 120, e.planType], [125, 170, e.planName], [300, 140, e.dependents.join(', ') || '-'], [445, 67, money(e.contributionAmount)]]);
    }
    w.row([[300, 140, 'Total per paycheck'], [445, 67, money(s.totalContribution)]], { bold: true });
  }
  w.gap(10);
  w.line('Plans You Declined', { size: 13, bold: true });
  if (declined.length === 0) w.line('You have not declined any plans');
  else for (const e of declined) w.row([[0, 120, e.planType], [125, 170, e.status === '-1' ? 'Waived (other coverage)' : 'Declined']]);
  w.gap(10);
  w.line('Dependents', { size: 13, bold: true });
  if (s.dependents.length === 0) w.line('You have no dependents');
  else for (const d of s.dependents) w.row([[0, 200, d.name], [205, 120, d.relationship], [330, 120, d.birthDate ?? '']]);
  w.gap(16);
  w.line('I confirm that the elections above are mine and authorize the payroll deductions shown per paycheck.', { size: 9, color: MUTED });
  w.gap(4);
  await w.image(signaturePng, 240, 80);
  w.line(`Signed electronically by ${s.employeeName} on ${signedAtText(s.signedAt)} from IP address ${s.ip ?? 'unknown'}`, { size: 9 });
  return doc.save();
}
