/**
 * The header and footer bands' colours. The rule that picks their text colour lives once in
 * the contracts (colors.ts), where the agent's client form checks a colour with it too.
 */
import { BLACK, WHITE, parseHexColor, textColorFor, type Rgb, type TextColor } from '@bp/api/contracts';

export { BLACK, WHITE, parseHexColor, textColorFor };
export type { Rgb, TextColor };

export interface BandColors {
  background: string;
  text: TextColor;
}

/** Used when a client configured no colour (or one we cannot read): a dark navy band with white text. */
export const DEFAULT_BAND: BandColors = { background: '#1E3A5F', text: WHITE };

/** Background and text colour of a band; the default band when the configured colour is missing or invalid. */
export function bandColors(background: string | null | undefined): BandColors {
  const text = textColorFor(background);
  if (!text || !background) return DEFAULT_BAND;
  const hex = background.trim();
  return { background: hex.startsWith('#') ? hex : `#${hex}`, text };
}
