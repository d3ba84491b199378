/** Calendar dates as ISO "YYYY-MM-DD" strings: ages are counted in whole years, with no time zone involved. */

const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(iso: string): [number, number, number] {
  const m = ISO_RE.exec(iso.slice(0, 10));
  if (!m) throw new RangeError(`not an ISO date: ${iso}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** Completed years between birth and `on` (a birthday on `on` counts as reached). */
export function ageOn(birthDate: string, on: string): number {
  const [by, bm, bd] = parts(birthDate);
  const [y, m, d] = parts(on);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** "2027-01-01" -> "01/01/2027" (the spec's display format). */
export function isoToUs(iso: string | null): string | null {
  if (!iso) return null;
  const [y, m, d] = parts(iso);
  return `${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}/${y}`;
}

/** "01/31/2027" -> "2027-01-31"; null when it is not a real date. */
export function usToIso(us: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(us);
  if (!m) return null;
  const iso = `${m[3]}-${m[1]}-${m[2]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const [fy, fm, fd] = parts(from);
  const [ty, tm, td] = parts(to);
  return Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / 86_400_000);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) that an instant falls on in an IANA time zone (a client's "today"). */
export function todayIn(timeZone: string, at: Date): string {
  let f = dayFormats.get(timeZone);
  if (!f) {
    // en-CA formats as YYYY-MM-DD; one formatter per zone, since building one costs far more than using it.
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, f);
  }
  return f.format(at);
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as the client's people read it: 'MM/DD/YYYY hh:mm AM EST' in the client's time zone, with the
 * zone's abbreviation (every time shown comes from the client's zone and names it).
 */
export function dateTimeIn(timeZone: string, at: Date): string {
  let f = timeFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: true, timeZoneName: 'short' });
    timeFormats.set(timeZone, f);
  }
  const part = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value])) as Partial<Record<Intl.DateTimeFormatPartTypes, string>>;
  return `${part.month}/${part.day}/${part.year} ${part.hour}:${part.minute} ${part.dayPeriod} ${part.timeZoneName}`;
}
