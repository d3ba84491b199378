import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { ZUsernameValidationResponse } from '@bp/api/contracts';
import { apiCall } from '~/lib/api.server';
import { activeToken, getSession } from '~/lib/session.server';
import { throwOnSessionFailure } from '~/lib/shell.server';

/** What the census forms receive: whether the address is free (null when it could not be checked). */
export type AddressCheckAnswer = { available: boolean | null };

/**
 * Resource route behind the census forms' email field ('Email already in use' on blur
 * when adding): GET /employees/validate?username=, or /employees/{id}/validate for the employee's own form.
 * A comfort only: the API refuses a taken address on save whatever this says.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const username = url.searchParams.get('username')?.trim() ?? '';
  const employee = Number(url.searchParams.get('employee'));
  const token = activeToken(await getSession(request));
  if (!token || username === '' || username.length > 254) return data<AddressCheckAnswer>({ available: null });
  const path = Number.isInteger(employee) && employee > 0 ? `/employees/${employee}/validate` : '/employees/validate';
  const result = await apiCall(ZUsernameValidationResponse, `${path}?username=${encodeURIComponent(username)}`, { token, request, context });
  if (result.ok) return data<AddressCheckAnswer>({ available: result.data.success });
  if (result.status === 401) await throwOnSessionFailure(result);
  return data<AddressCheckAnswer>({ available: null });
}
