import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

export interface TerminationNotice {
  clientName: string;
  employeeName: string;
  /** MM/DD/YYYY. */
  terminationDate: string;
  coverageEndDate: string;
  qualifyingEvent: string;
  cobraElection: boolean;
  totalDisability: boolean;
  disabilityStartDate: string | null;
  notes: string | null;
  /** "Group Medical: Horizon PPO 500", one per plan whose coverage ends. */
  plans: string[];
  terminatedBy: string;
  signaturePng: Buffer;
}

/** The standard fonts speak WinAnsi only: anything else becomes '?' instead of failing the whole notice. */
const printable = (s: string): string => s.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/**
 * The termination notice for the carriers (one page): who, when, the qualifying event, COBRA, the plans
 * whose coverage ends and when, and HR's signature. The action center's approval signs it again.
 */
export async function renderTerminationNotice(n: TerminationNotice): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Termination notice: ${printable(n.employeeName)}`);
  doc.setProducer('Benefits Portal');
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.2);
  let y = 740;
  const line = (label: string, value: string) => {
    page.drawText(printable(label), { x: 50, y, size: 10, font: bold, color: ink });
    page.drawText(printable(value).slice(0, 90), { x: 190, y, size: 10, font, color: ink });
    y -= 18;
  };
  page.drawText('Termination of employment and coverage', { x: 50, y, size: 16, font: bold, color: ink });
  y -= 22;
  page.drawText(printable(n.clientName), { x: 50, y, size: 11, font, color: rgb(0.4, 0.4, 0.45) });
  y -= 30;
  line('Employee', n.employeeName);
  line('Termination date', n.terminationDate);
  line('Qualifying event', n.qualifyingEvent);
  line('COBRA election', n.cobraElection ? 'Yes: COBRA continuation' : 'No');
  line('Total disability', n.totalDisability ? `Yes, since ${n.disabilityStartDate ?? ''}` : 'No');
  line('Coverage ends', n.coverageEndDate);
  y -= 8;
  page.drawText('Plans whose coverage ends', { x: 50, y, size: 11, font: bold, color: ink });
  y -= 18;
  for (const p of n.plans.length ? n.plans : ['None']) {
    page.drawText(printable(p).slice(0, 100), { x: 60, y, size: 10, font, color: ink });
    y -= 16;
  }
  if (n.notes) {
    y -= 8;
    page.drawText('Notes', { x: 50, y, size: 11, font: bold, color: ink });
    y -= 16;
    for (const chunk of printable(n.notes).match(/.{1,95}(\s|$)/g)?.slice(0, 8) ?? []) {
      page.drawText(chunk.trim(), { x: 60, y, size: 10, font, color: ink });
      y -= 14;
    }
  }
  const image = await doc.embedPng(n.signaturePng);
  const scale = Math.min(40 / image.height, 220 / image.width);
  page.drawText(`Terminated by ${printable(n.terminatedBy)}`, { x: 50, y: 170, size: 10, font, color: ink });
  page.drawImage(image, { x: 50, y: 122, width: image.width * scale, height: image.height * scale });
  return doc.save();
}
