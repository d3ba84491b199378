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
