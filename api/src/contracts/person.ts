import { z } from 'zod';
import { optionalText, optionId, requiredText, ZBirthDate } from './formats';

/**
 * The person every form names: employee profile, dependent and beneficiary share these fields, rules and
 * messages (document 1 section 5, document 2 section 5). Each form adds its own fields around them.
 */
export const ZPerson = z.object({
  firstName: requiredText(),
  middleName: optionalText(),
  lastName: requiredText(),
  /** 'Other names used'. */
  maidenName: optionalText(),
  /** MM/DD/YYYY. */
  birthDate: ZBirthDate,
  gender: optionId('gender'),
  smoker: optionId('smoker'),
});
export type Person = z.infer<typeof ZPerson>;
