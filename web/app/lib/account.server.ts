import type { AppLoadContext } from '@remix-run/node';
import { ZSecurityQuestionList } from '@bp/api/contracts';
import { apiCall } from './api.server';

export interface SecurityQuestionOption {
  value: string;
  label: string;
}

/** GET /options/security-question (public). A failure is only logged: the list stays empty. */
export async function loadSecurityQuestions(request: Request, context: AppLoadContext): Promise<SecurityQuestionOption[]> {
  const result = await apiCall(ZSecurityQuestionList, '/options/security-question', { request, context });
  if (result.ok) return result.data;
  console.error(`loading security questions failed with ${result.status}`);
  return [];
}

/** Maps the API's 400 `errors` onto form fields; other paths are dropped (the caller decides on a form error). */
export function fieldErrorsOf(
  errors: ReadonlyArray<{ path: string; message: string }> | undefined,
  fields: readonly string[],
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const { path, message } of errors ?? []) {
    if (fields.includes(path)) (out[path] ??= []).push(message);
  }
  return out;
}
