import { BadRequestException } from '@nestjs/common';
import type { FieldIssue } from '../../contracts/dependents';

/** A 400 in the shape a zod failure answers (message on top, every field below), for rules checked after parsing. */
export function fieldErrors(issues: readonly FieldIssue[]): BadRequestException {
  return new BadRequestException({ statusCode: 400, message: issues[0]?.message ?? 'Bad request', errors: issues });
}
