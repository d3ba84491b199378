import { z } from 'zod';
import { optionalOptionId } from '../formats';

/** EEO: every answer optional. */

export const ZEeoRequest = z.object({
  eeoGender: optionalOptionId('gender'),
  eeoRace: optionalOptionId('eeoRace'),
  eeoJobCategory: optionalOptionId('eeoJobCategory'),
  eeoMilitaryStatus: optionalOptionId('eeoMilitaryStatus'),
});
export type EeoRequest = z.output<typeof ZEeoRequest>;
export const ZEeo = z.object({
  eeoGender: z.number().int().nullable(),
  eeoRace: z.number().int().nullable(),
  eeoJobCategory: z.number().int().nullable(),
  eeoMilitaryStatus: z.number().int().nullable(),
});
export type Eeo = z.infer<typeof ZEeo>;
