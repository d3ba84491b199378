import { z } from 'zod';
import { blankToUndefined, isValidUsDate, toIntOrUndefined } from '../formats';
import { OnboardingMessages } from './steps';

/** Employment eligibility (Form I-9): the four types, their conditional fields and the masked numbers. */

export const WorkEligibility = { Citizen: 1, NoncitizenNational: 2, PermanentResident: 3, AlienAuthorized: 4 } as const;

const optionalCode = z.preprocess(blankToUndefined, z.string().trim().max(40).optional());

/** PUT /onboarding/i9 and the step's form: the four types and their conditional fields. */
export const ZI9Request = z
  .object({
    workEligibilityType: z.preprocess(toIntOrUndefined, z.unknown()),
    /** A/USCIS number; the mask the API answered keeps the stored one. */
    uscisNumber: optionalCode,
    i94Number: optionalCode,
    passportNumber: optionalCode,
    issuanceCountry: optionalCode,
    /** MM/DD/YYYY. */
    expirationDate: z.preprocess(blankToUndefined, z.string().trim().max(20).optional()),
  })
  .superRefine((v, c) => {
    const type = v.workEligibilityType;
    if (type !== 1 && type !== 2 && type !== 3 && type !== 4) {
      c.addIssue({ code: 'custom', path: ['workEligibilityType'], message: OnboardingMessages.selectOneOfFour });
      return;
    }
    if (type === WorkEligibility.PermanentResident && !v.uscisNumber) c.addIssue({ code: 'custom', path: ['uscisNumber'], message: OnboardingMessages.fieldIsRequired });
    if (type === WorkEligibility.AlienAuthorized) {
      if (!v.expirationDate) c.addIssue({ code: 'custom', path: ['expirationDate'], message: OnboardingMessages.expireDateRequired });
      else if (!isValidUsDate(v.expirationDate)) c.addIssue({ code: 'custom', path: ['expirationDate'], message: OnboardingMessages.dateFormatNotValid });
      const passport = Boolean(v.passportNumber) || Boolean(v.issuanceCountry);
      if (passport && !(v.passportNumber && v.issuanceCountry)) {
        c.addIssue({ code: 'custom', path: [v.passportNumber ? 'issuanceCountry' : 'passportNumber'], message: OnboardingMessages.bothFieldsRequired });
      } else if (!v.uscisNumber && !v.i94Number && !passport) {
        c.addIssue({ code: 'custom', path: ['uscisNumber'], message: OnboardingMessages.fieldIsRequired });
      }
    }
  })
  .transform((v) => {
    const type = v.workEligibilityType as 1 | 2 | 3 | 4;
    // Only what the chosen type asks is kept: a citizen's record carries no leftover numbers.
    return {
      workEligibilityType: type,
      uscisNumber: type === 3 || type === 4 ? (v.uscisNumber ?? null) : null,
      i94Number: type === 4 ? (v.i94Number ?? null) : null,
      passportNumber: type === 4 ? (v.passportNumber ?? null) : null,
      issuanceCountry: type === 4 ? (v.issuanceCountry ?? null) : null,
      expirationDate: type === 4 ? (v.expirationDate ?? null) : null,
    };
  });
export type I9Request = z.output<typeof ZI9Request>;

export const ZI9 = z.object({
  workEligibilityType: z.number().int().nullable(),
  /** Masked (XXXXX1234) until unlocked. */
  uscisNumber: z.string().nullable(),
  i94Number: z.string().nullable(),
  passportNumber: z.string().nullable(),
  issuanceCountry: z.string().nullable(),
  expirationDate: z.string().nullable(),
});
export type I9 = z.infer<typeof ZI9>;

/** How an identity number reads until unlocked: its last four characters. */
export function maskIdentityNumber(value: string | null | undefined): string | null {
  if (!value) return null;
  return `XXXXX${value.slice(-4)}`;
}

/** A value the API answered masked (XXXXX1234): sent back, it stands for the stored number. Passport numbers may hold an X, so only the mask's prefix counts. */
export const isMaskedNumber = (value: string): boolean => /^X{5}/i.test(value);

/** GET /onboarding/i9-docs: the acceptable documents (Form I-9, lists A, B and C). */
export const ZI9Documents = z.object({
  note: z.string(),
  lists: z.array(z.object({ title: z.string(), description: z.string(), documents: z.array(z.string()) })),
});
export type I9Documents = z.infer<typeof ZI9Documents>;
