import { z } from 'zod';
import { Messages } from './messages';

/** Conform sends empty fields as undefined and JSON clients send "": both mean "absent". */
export const emptyToUndefined = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** A required trimmed string with the spec's message both when absent and when empty. */
export const requiredString = (message: string = Messages.fieldRequired) =>
  z.preprocess(emptyToUndefined, z.string({ error: message }).trim().min(1, message));

/** A problem of an uploaded file (a rate sheet, a census file): its sheet, Excel row, column heading, cell and why. */
export const ZFileIssue = z.object({ sheet: z.string(), row: z.number().int(), column: z.string(), cell: z.string(), message: z.string() });

export const ZErrorResponse = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  messageCode: z.number().int().optional(),
  developerMessage: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** 422 of a file import: every problem of the file by place (nothing was imported). */
  issues: z.array(ZFileIssue).optional(),
});
export type ErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZOkResponse = z.object({ success: z.boolean() });

/** "First Last" of an employee, dependent, beneficiary or account: the one way a person is named (middle names left out). */
export function fullName(person: { firstName?: string | null; lastName?: string | null }): string {
  return [person.firstName, person.lastName].filter((part): part is string => typeof part === 'string' && part.trim() !== '').map((part) => part.trim()).join(' ');
}

/**
 * For a refinement that must run even when other fields failed (so a form shows every message at once), but
 * never on a body that is not an object at all (a string, an array, nothing): its rules would read fields of it.
 */
export const onAnyObject = { when: (payload: { value: unknown }): boolean => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) };
