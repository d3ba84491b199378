/**
 * Text colour on the client-coloured header and footer bands: black or white by
 * perceived luminance with weights .299/.587/.114 and threshold 186. The site's bands and the agent's client
 * form (which refuses a colour whose chosen text would be hard to read) both use this one rule.
 */

export const BLACK = '#000000';
export const WHITE = '#FFFFFF';
export type TextColor = typeof BLACK | typeof WHITE;

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const LUMINANCE_THRESHOLD = 186;

/** WCAG 2.2 AA for normal text: what the band's text must reach against its background. */
export const BAND_MIN_CONTRAST = 4.5;

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

/** Black on light backgrounds, white on dark ones (the spec's rule); null when the background is absent or unreadable. */
export function textColorFor(background: string | null | undefined): TextColor | null {
  const rgb = parseHexColor(background);
  if (!rgb) return null;
  const luminance = rgb.r * 0.299 + rgb.g * 0.587 + rgb.b * 0.114;
  return luminance > LUMINANCE_THRESHOLD ? BLACK : WHITE;
}

/** WCAG relative luminance of an sRGB colour (0 black .. 1 white). */
function relativeLuminance({ r, g, b }: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export interface BandContrast {
  /** The text colour the spec's luminance rule puts on the band. */
  text: TextColor;
  /** Its WCAG contrast ratio against the band (1 to 21), rounded to two decimals. */
  ratio: number;
  /** True when that ratio reaches {@link BAND_MIN_CONTRAST}. */
  readable: boolean;
}

/**
 * The band a colour makes: the text colour the luminance rule picks, and whether that text is readable on it.
 * The rule's threshold leaves mid-tones (a #BABABA band gets white text at 1.9:1) that no text colour the rule
 * picks can read, so a client's colour is accepted only when `readable`. Null for a value that is not a colour.
 */
export function bandContrast(background: string | null | undefined): BandContrast | null {
  const rgb = parseHexColor(background);
  const text = textColorFor(background);
  if (!rgb || !text) return null;
  const band = relativeLuminance(rgb);
  const ink = text === BLACK ? 0 : 1;
  const ratio = (Math.max(band, ink) + 0.05) / (Math.min(band, ink) + 0.05);
  const rounded = Math.round(ratio * 100) / 100;
  return { text, ratio: rounded, readable: ratio >= BAND_MIN_CONTRAST };
}
