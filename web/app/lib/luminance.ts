/**
 * Text colour on the client-coloured header and footer bands (document 1 section 1): black or white by
 * perceived luminance with weights .299/.587/.114 and threshold 186.
 */

export const BLACK = '#000000';
export const WHITE = '#FFFFFF';
export type TextColor = typeof BLACK | typeof WHITE;

/** Used when a client configured no colour (or one we cannot read): a dark navy band with white text. */
export const DEFAULT_BAND: BandColors = { background: '#1E3A5F', text: WHITE };

export interface BandColors {
  background: string;
  text: TextColor;
}

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const LUMINANCE_THRESHOLD = 186;

/** Reads '#rgb' or '#rrggbb' (the '#' optional, any case); anything else is null. */
export function parseHexColor(value: string | null | undefined): Rgb | null {
  if (typeof value !== 'string') return null;
  const hex = value.trim().replace(/^#/, '');
  if (!/^([0-9a-f]{3}|[0-9a-f]{6})$/i.test(hex)) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return {
    r: parseInt(full.slice(0, 2), 16),
    g: parseInt(full.slice(2, 4), 16),
    b: parseInt(full.slice(4, 6), 16),
  };
}

/** Black on light backgrounds, white on dark ones; null when the background is absent or unreadable. */
export function textColorFor(background: string | null | undefined): TextColor | null {
  const rgb = parseHexColor(background);
  if (!rgb) return null;
  const luminance = rgb.r * 0.299 + rgb.g * 0.587 + rgb.b * 0.114;
  return luminance > LUMINANCE_THRESHOLD ? BLACK : WHITE;
}

/** Background and text colour of a band; the default band when the configured colour is missing or invalid. */
export function bandColors(background: string | null | undefined): BandColors {
  const text = textColorFor(background);
  if (!text || !background) return DEFAULT_BAND;
  const hex = background.trim();
  return { background: hex.startsWith('#') ? hex : `#${hex}`, text };
}
