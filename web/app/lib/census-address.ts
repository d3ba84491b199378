/**
 * The census at the same address with its dialog closed: the list, or the employee's own address when one is
 * named, and `below` it when given ('/add', '/edit'). What Add, Edit, the other dialogs and the older `?dialog=`
 * and `?employee=` links go to.
 */
export function censusAt(search: URLSearchParams, employeeId: number | null = null, below = ''): string {
  const params = new URLSearchParams(search);
  params.delete('dialog');
  params.delete('employee');
  const path = employeeId === null ? '/employees-census' : `/employees-census/${employeeId}`;
  return `${path}${below}${params.size ? `?${params.toString()}` : ''}`;
}
