/**
 * Money as integer cents. Amounts travel as decimal strings ("1234.50") and are parsed with a regular
 * expression, never through binary floating point.
 */

const MONEY_RE = /^(-)?(\d{1,12})(?:\.(\d{1,2}))?$/;

/** "1,234.5" / "$1234.50" / "12" -> cents; null when the text is not an amount. */
export function parseMoney(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  // Numbers reach here only from JSON clients; their decimal text is what they meant.
  const raw = (typeof text === 'number' ? String(text) : text).trim().replace(/[$,\s]/g, '');
  const m = MONEY_RE.exec(raw);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

/** Cents -> "1234.50" (the wire format). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents -> "$1,234.50" (the screens' and messages' format: $ prefix, grouping, 2 decimals). */
export function formatUsd(cents: number): string {
  const [whole, frac] = centsToDecimal(Math.abs(cents)).split('.');
  return `${cents < 0 ? '-' : ''}$${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/** A difference in cents with its sign: "+$24.00", "-$5.50", "$0.00" (before -> after on a life event's review). */
export function formatUsdChange(cents: number): string {
  return cents > 0 ? `+${formatUsd(cents)}` : formatUsd(cents);
}

/** a / b rounded half away from zero, in integers (b > 0). */
export function divRound(a: number, b: number): number {
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || b <= 0) throw new RangeError(`divRound(${a}, ${b})`);
  const q = Math.floor(Math.abs(a) / b);
  const r = Math.abs(a) - q * b;
  const rounded = 2 * r >= b ? q + 1 : q;
  return a < 0 ? -rounded : rounded;
}

/** A monthly amount spread over the pay periods of a year. */
export function monthlyToPerPeriod(monthlyCents: number, payPeriods: number): number {
  return divRound(monthlyCents * 12, payPeriods);
}

/** Amounts a person types (HSA, FSA, coverage): not negative and without leading zeros. */
export const AMOUNT_INPUT_PATTERN = /^(0|[1-9]\d{0,9})(\.\d{1,2})?$/;

/** A typed amount in cents, or null when it is not one the forms accept. */
export function amountInputCents(text: string): number | null {
  return AMOUNT_INPUT_PATTERN.test(text) ? parseMoney(text) : null;
}

/** An annual amount spread over the pay periods of a year, to the cent (FSA and HSA per paycheck). */
export function annualToPerPeriod(annualCents: number, payPeriods: number): number {
  return divRound(annualCents, payPeriods);
}

/** A per-paycheck amount over a year of paychecks (the 'per year' beside every cost). */
export function perPeriodToAnnual(perPeriodCents: number, payPeriods: number): number {
  return perPeriodCents * payPeriods;
}

const FREQUENCY_NAMES: Readonly<Record<number, string>> = { 52: 'weekly', 26: 'every two weeks', 24: 'twice a month', 12: 'monthly' };

/** How often pay comes, as a person says it: '26 paychecks a year (every two weeks)'. */
export function payFrequencyName(payPeriods: number): string {
  const name = FREQUENCY_NAMES[payPeriods];
  const count = `${payPeriods} ${payPeriods === 1 ? 'paycheck' : 'paychecks'} a year`;
  return name ? `${count} (${name})` : count;
}

const TYPED_DECIMAL_RE = /^(-)?(\d{1,10})(?:\.(\d{1,6}))?$/;

/**
 * A per-paycheck amount as a person may type it (more than two decimals, a sign) times the paychecks of a
 * year, rounded half away from zero to the cent: document 2's annual = per period × pay periods, rounded
 * to 2 decimals, for every input. null when the text is not a number.
 */
export function annualFromPerPeriodText(text: string, payPeriods: number): number | null {
  const m = TYPED_DECIMAL_RE.exec(text.trim().replace(/[$,\s]/g, ''));
  if (!m || payPeriods <= 0) return null;
  const fraction = m[3] ?? '';
  const scale = 10 ** fraction.length;
  const scaled = (Number(m[2]) * scale + Number(fraction || '0')) * payPeriods;
  const cents = divRound(scaled * 100, scale);
  return m[1] ? -cents : cents;
}
