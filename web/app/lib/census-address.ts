/** The census at the same address with its dialog closed: what Add, Edit and the older `?dialog=` links return to. */
export function censusAt(search: URLSearchParams): string {
  const params = new URLSearchParams(search);
  params.delete('dialog');
  return `/employees-census${params.size ? `?${params.toString()}` : ''}`;
}
