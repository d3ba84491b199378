import { z } from 'zod';
import {
  optionalText,
  optionId,
  requiredText,
  ZOptionalPhone,
  ZPhoneIndex,
  ZSsn,
  ZState,
  ZZip,
} from './formats';
import { ZPerson } from './person';

/**
 * PUT /employee and the Employee Profile form (registration step 2, Edit Profile)
 * and 5. The same schema validates the API body and the conform form. Email is not part of it: the
 * profile shows it, HR manages it (it is the sign-in address of email accounts).
 */
export const ZEmployeeProfileRequest = ZPerson.extend({
  maritalStatusId: optionId('maritalStatus'),
  /** ###-##-####; the mask the GET answered (XXX-XX-1234) keeps the stored SSN. */
  ssn: ZSsn,
  address1: requiredText(200),
  address2: optionalText(200),
  zip: ZZip,
  city: requiredText(),
  /** Two-letter code, as the state option list's text. */
  state: ZState,
  officePhone: ZOptionalPhone,
  homePhone: ZOptionalPhone,
  cellPhone: ZOptionalPhone,
  /** Carried through: absent keeps the stored index. */
  officePhoneIndex: ZPhoneIndex,
  homePhoneIndex: ZPhoneIndex,
  cellPhoneIndex: ZPhoneIndex,
});
export type EmployeeProfileRequest = z.infer<typeof ZEmployeeProfileRequest>;
/** The form is the request: one set of rules and messages. */
export const ZEmployeeProfileForm = ZEmployeeProfileRequest;

/** GET /employee and the answer of PUT /employee: SSN masked, income never (it is POST /employee/personal). */
export const ZEmployeeProfile = z.object({
  id: z.number().int(),
  individualId: z.number().int(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  maidenName: z.string().nullable(),
  email: z.string().nullable(),
  /** MM/DD/YYYY. */
  birthDate: z.string().nullable(),
  gender: z.number().int().nullable(),
  smoker: z.number().int().nullable(),
  maritalStatusId: z.number().int(),
  /** XXX-XX-1234. */
  ssn: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string(),
  officePhone: z.string().nullable(),
  homePhone: z.string().nullable(),
  cellPhone: z.string().nullable(),
  officePhoneIndex: z.number().int().nullable(),
  homePhoneIndex: z.number().int().nullable(),
  cellPhoneIndex: z.number().int().nullable(),
  // Employment Information card (read-only here; HR edits it in the census).
  title: z.string().nullable(),
  /** MM/DD/YYYY. */
  hireDate: z.string().nullable(),
  employmentId: z.number().int().nullable(),
  employmentType: z.number().int().nullable(),
  officeId: z.number().int().nullable(),
  groupId: z.number().int().nullable(),
  workHours: z.string().nullable(),
  newHire: z.boolean(),
  /** MM/DD/YYYY. */
  eligibilityDate: z.string().nullable(),
});
export type EmployeeProfile = z.infer<typeof ZEmployeeProfile>;

/** GET /zip-lookup?zip= */
export const ZZipLookupQuery = z.object({ zip: ZZip });
export const ZZipLookupResponse = z.object({ city: z.string(), state: z.string() });
export type ZipLookupResponse = z.infer<typeof ZZipLookupResponse>;
