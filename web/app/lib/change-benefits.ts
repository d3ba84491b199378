import type { MidyearStep } from '@bp/api/contracts';

/** Change Benefits' address: it sends the person on to the step the server says they are at. */
export const PATH = '/change-benefits';
/** Where every successful post returns: the wizard at the server's step, without asking whether to continue. */
export const STEP_PATH = `${PATH}?continue=1`;

/** Each step's own route (routes/change-benefits.<slug>.tsx). Step 5 is always skipped: it has none of its own. */
export const STEP_SLUGS: Readonly<Record<MidyearStep, string>> = { 1: 'event', 2: 'date', 3: 'dependent', 4: 'coverage', 5: 'plans', 6: 'plans', 7: 'review' };

/** A step's address, with a query string ('?continue=1', '?add=1'...) when given. */
export function stepPath(step: MidyearStep, search = ''): string {
  return `${PATH}/${STEP_SLUGS[step]}${search}`;
}
