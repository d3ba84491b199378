import { z } from 'zod';
import { optionalName, optionId, requiredName, ZBirthDate } from './formats';

/**
 * The person every form names: employee profile, dependent and beneficiary share these fields, rules and
 * messages. Each form adds its own fields around them.
 */
export const ZPerson = z.object({
  firstName: requiredName(),
  middleName: optionalName(),
  lastName: requiredName(),
  /** 'Other names used'. */
  maidenName: optionalName(),
  /** MM/DD/YYYY. */
  birthDate: ZBirthDate,
  gender: optionId('gender'),
  smoker: optionId('smoker'),
});
export type Person = z.infer<typeof ZPerson>;
