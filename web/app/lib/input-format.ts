/**
 * As-you-type formats of: the value keeps only digits and gets its dashes or
 * slashes where they belong, so a person never has to type them.
 */

function grouped(value: string, sizes: readonly number[], separator: string): string {
  const digits = value.replace(/\D/g, '').slice(0, sizes.reduce((a, b) => a + b, 0));
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(separator);
}

/** ###-###-#### */
export const formatPhone = (value: string): string => grouped(value, [3, 3, 4], '-');
/** 5 digits. */
export const formatZip = (value: string): string => value.replace(/\D/g, '').slice(0, 5);
/** MM/DD/YYYY */
export const formatDate = (value: string): string => grouped(value, [2, 2, 4], '/');
/** ###-##-####; an X placeholder of a masked value is kept as typed. */
export const formatSsn = (value: string): string => (/x/i.test(value) ? value : grouped(value, [3, 2, 4], '-'));

export type InputFormat = 'phone' | 'zip' | 'date' | 'ssn';
export const FORMATTERS: Record<InputFormat, (value: string) => string> = {
  phone: formatPhone,
  zip: formatZip,
  date: formatDate,
  ssn: formatSsn,
};
