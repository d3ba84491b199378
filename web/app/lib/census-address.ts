/**
 * The census at the same address with its dialog closed: the list, or the employee's own address when one is
 * named. What Add, Edit, the other dialogs and the older `?dialog=` and `?employee=` links return to.
 */
export function censusAt(search: URLSearchParams, employeeId: number | null = null): string {
  const params = new URLSearchParams(search);
  params.delete('dialog');
  params.delete('employee');
  const path = employeeId === null ? '/employees-census' : `/employees-census/${employeeId}`;
  return `${path}${params.size ? `?${params.toString()}` : ''}`;
}
