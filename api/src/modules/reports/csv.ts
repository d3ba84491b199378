export type Cell = string | number | null;

/** A csv cell: quoted when it holds a separator, a quote or a line break; a leading = + - @ is defused for spreadsheets. */
export function csvCell(value: Cell): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
