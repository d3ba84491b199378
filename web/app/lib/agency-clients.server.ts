import { data, redirect, type AppLoadContext } from '@remix-run/node';
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { ZodType } from 'zod';
import { ClientMessages, Messages } from '@bp/api/contracts';
import { apiCall, type ApiFailure } from './api.server';
import { commitSession, type AppSession, type FlashMessage } from './session.server';
import { throwOnSessionFailure } from './shell.server';

/** A client id from the address; anything else is a client nobody has (the API would answer 404 too). */
export function clientIdOf(params: { id?: string }): number {
  const id = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new Response(ClientMessages.clientNotFound, { status: 404 });
  return id;
}

/** The API's failure of a loader: the session ones as every page handles them, 404 as the site's not-found, else 503. */
export async function throwLoadFailure(failure: ApiFailure): Promise<never> {
  await throwOnSessionFailure(failure);
  if (failure.status === 404) throw new Response(failure.error.message, { status: 404 });
  throw new Response(Messages.serviceUnavailable, { status: 503 });
}

/** 'contacts.0.email' (the API's paths) as conform names it: 'contacts[0].email'. */
export function conformPath(path: string): string {
  return path.replace(/\.(\d+)(?=\.|$)/g, '[$1]');
}

/** Redirects with a notice the shell shows once. */
export async function redirectWithFlash(session: AppSession, to: string, notice: FlashMessage): Promise<Response> {
  session.flash('notice', notice);
  return redirect(to, { headers: { 'Set-Cookie': await commitSession(session) } });
}

/**
 * A conform form sent on to the API: parsed with the contracts' schema (the API parses it again), then the
 * API's field messages shown beside their fields, anything else as the form's message.
 */
export async function submitForm<Schema extends ZodType, Answer>(
  request: Request,
  context: AppLoadContext,
  token: string,
  schema: Schema,
  call: { path: string; method: 'POST' | 'PUT'; answer: ZodType<Answer> },
): Promise<{ ok: true; data: Answer } | { ok: false; response: ReturnType<typeof data<SubmissionResult<string[]>>> }> {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== 'success') return { ok: false, response: data(submission.reply(), { status: 400 }) };
  const result = await apiCall(call.answer, call.path, { method: call.method, body: submission.value, token, request, context });
  if (result.ok) return { ok: true, data: result.data };
  await throwOnSessionFailure(result);
  const fieldErrors: Record<string, string[]> = {};
  for (const e of result.error.errors ?? []) (fieldErrors[conformPath(e.path)] ??= []).push(e.message);
  const reply =
    result.status === 400 && Object.keys(fieldErrors).length > 0
      ? submission.reply({ fieldErrors })
      : submission.reply({ formErrors: [result.status < 500 ? result.error.message : Messages.serviceUnavailable] });
  return { ok: false, response: data(reply, { status: result.status >= 400 && result.status < 600 ? result.status : 500 }) };
}
