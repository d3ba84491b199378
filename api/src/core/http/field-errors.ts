import { BadRequestException } from '@nestjs/common';
import type { ErrorResponse } from '../../contracts/common';
import type { FieldIssue } from '../../contracts/dependents';

/**
 * The one way a service answers 400 after parsing: the shape a zod failure answers (the first message on
 * top, every field in errors), so the site shows each message beside its field.
 */
export function fieldErrors(issues: readonly FieldIssue[]): BadRequestException {
  return new BadRequestException({ statusCode: 400, message: issues[0]?.message ?? 'Bad request', errors: issues });
}

/** One field's message. */
export function fieldError(path: string, message: string): BadRequestException {
  return fieldErrors([{ path, message }]);
}

/** A 400 about the request as a whole (no one field), with the spec's messageCode or developerMessage where it has one. */
export function requestError(message: string, extra: Pick<ErrorResponse, 'messageCode' | 'developerMessage'> = {}): BadRequestException {
  return new BadRequestException({ statusCode: 400, message, ...extra });
}
