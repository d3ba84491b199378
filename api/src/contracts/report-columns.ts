import { toUsDate } from './formats';

/**
 * How a column of a written report (HR reports, the status dashboard, transactions) holds its values, declared
 * once per column and read by every writer: the xlsx (a typed cell with a number format), the csv and the
 * report's view (text), so dates stay dates and money stays money in every format.
 */
export type ColumnKind = 'text' | 'date' | 'money' | 'number' | 'percent';

export interface ReportColumn {
  label: string;
  kind: ColumnKind;
  /** Characters; else the kind's width, or the label's if wider. */
  width?: number;
}

/** A value as the datasets answer it: dates as ISO text (YYYY-MM-DD), money in dollars, percent as 0 to 100. */
export type RawCell = string | number | null;

/** Excel number formats of the typed kinds (US client: dollars, month first). */
export const COLUMN_NUM_FMT: Record<Exclude<ColumnKind, 'text'>, string> = {
  date: 'mm/dd/yyyy',
  money: '"$"#,##0.00',
  number: '#,##0',
  percent: '0%',
};

const KIND_WIDTH: Record<ColumnKind, number> = { text: 18, date: 12, money: 14, number: 10, percent: 12 };

/** Room for the label and the autofilter's button beside it. */
const FILTER_BUTTON = 4;

export function columnWidth(c: ReportColumn): number {
  return Math.max(c.width ?? KIND_WIDTH[c.kind], c.label.length + FILTER_BUTTON);
}

const isoDate = /^(\d{4})-(\d{2})-(\d{2})/;

/** A cell as text, for the csv and the report's view: dates MM/DD/YYYY, money with cents, percent with its sign. */
export function cellText(kind: ColumnKind, value: RawCell): string | null {
  if (value === null) return null;
  switch (kind) {
    case 'date':
      return typeof value === 'string' ? (toUsDate(value) ?? value) : String(value);
    case 'money':
      return Number.isFinite(Number(value)) ? Number(value).toFixed(2) : String(value);
    case 'percent':
      return `${value}%`;
    default:
      return String(value);
  }
}

/**
 * A cell as the xlsx holds it: a date is the Date of that calendar day at UTC midnight (exceljs writes the
 * serial day from UTC, so no time zone moves it to the day before); money and numbers are numbers; percent a
 * fraction for the '0%' format.
 */
export function xlsxValue(kind: ColumnKind, value: RawCell): string | number | Date | null {
  if (value === null) return null;
  switch (kind) {
    case 'date': {
      const m = typeof value === 'string' ? isoDate.exec(value) : null;
      return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : value;
    }
    case 'money':
    case 'number':
      return Number.isFinite(Number(value)) ? Number(value) : value;
    case 'percent':
      return Number.isFinite(Number(value)) ? Number(value) / 100 : value;
    default:
      return value;
  }
}
