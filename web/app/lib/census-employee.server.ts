import { data, redirect, type ActionFunctionArgs } from '@remix-run/node';
import { parseWithZod } from '@conform-to/zod/v4';
import { CensusMessages, ZCensusEmployee, ZEmployeeUpdateForm, ZNewEmployeeForm, ZNewEmployeeResponse } from '@bp/api/contracts';
import { fieldErrorsOf } from '~/lib/account.server';
import { apiCall } from '~/lib/api.server';
import { positiveInt } from '~/lib/address';
import { censusAt } from '~/lib/census-address';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';


/** Add and Edit are for sessions that may change the census; others go back to it (it shows them neither button). */
export async function requireCensusEditor(request: Request, context: ActionFunctionArgs['context']): Promise<void> {
  const { user } = await requireUser(request, context);
  if (!user.permissions.includes('employees:update')) throw redirect(censusAt(new URL(request.url).searchParams));
}

/** The fields each dialog may get back from the API's 400 answer. */
const FORM_FIELDS = {
  add: Object.keys(ZNewEmployeeForm.shape),
  edit: Object.keys(ZEmployeeUpdateForm.shape),
} as const;

/** Add New Employee (POST /employees) and Edit (PUT /employees/{id}), parsed with the contracts' schemas first. */
export async function censusWrite(intent: 'add' | 'edit', { request, context, params }: Pick<ActionFunctionArgs, 'request' | 'context' | 'params'>) {
  const { token } = await requireUser(request, context);
  const url = new URL(request.url);
  const formData = await request.formData();
  const employee = positiveInt(params.employeeId ?? null);
  const failure = { add: CensusMessages.employeeCreateFailed, edit: CensusMessages.employeeUpdateFailed }[intent];
  const submission = parseWithZod(formData, { schema: intent === 'add' ? ZNewEmployeeForm : ZEmployeeUpdateForm });
  if (submission.status !== 'success') return data({ intent, result: submission.reply(), error: null }, { status: 400 });
  const result =
    intent === 'add'
      ? await apiCall(ZNewEmployeeResponse, '/employees', { method: 'POST', body: submission.value, token, request, context })
      : await apiCall(ZCensusEmployee, `/employees/${employee}`, { method: 'PUT', body: submission.value, token, request, context });
  if (!result.ok) {
    await throwOnSessionFailure(result);
    const fieldErrors = fieldErrorsOf(result.error.errors, FORM_FIELDS[intent]);
    const reply = Object.keys(fieldErrors).length ? submission.reply({ fieldErrors }) : submission.reply({ formErrors: [failure] });
    return data({ intent, result: reply, error: null }, { status: result.status >= 400 && result.status < 600 ? result.status : 500 });
  }
  // Back on the employee's page (the one just added, or the one edited), saying what was done.
  const next = new URLSearchParams(url.searchParams);
  next.set('done', intent === 'add' ? 'created' : 'updated');
  return redirect(censusAt(next, intent === 'add' && 'individualId' in result.data ? result.data.id : employee));
}
