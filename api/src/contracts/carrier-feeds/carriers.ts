import { z } from 'zod';
import { requiredString } from '../common';
import { PLAN_TYPE_NAMES, type PlanTypeId } from '../engine/plan-types';

/** The carriers of a client: their EDI identifiers, file schedule and the form's messages. */

export const CarrierFeedMessages = {
  notFound: 'Carrier not found',
  nameTaken: 'This company already has a carrier with this name',
  planTypesRequired: 'Choose the plan types this carrier receives',
  qualifier: 'Choose an ID qualifier',
  isaId: 'Use 1 to 15 letters, digits or spaces',
  gsCode: 'Use 2 to 15 letters or digits',
  fein: 'Enter the 9-digit federal employer ID (FEIN)',
  policy: 'Enter the group policy number (up to 50 characters)',
  saved: 'The carrier is saved.',
  deleted: 'The carrier is deleted.',
  noFile: 'Sorry, this carrier file is not available',
  noRequest: 'Sorry, this file request was not found',
} as const;

/** HD03 insurance line of each plan type a carrier file can carry (005010X220A1 2300 loop). */
export const INSURANCE_LINES: Readonly<Record<number, string>> = {
  1: 'HLT',
  2: 'DEN',
  6: 'LTD',
  7: 'STD',
  8: 'VIS',
  11: 'LTC',
  32: 'DEN',
  36: 'STD',
  37: 'LTD',
  38: 'VIS',
  42: 'DEN',
  48: 'VIS',
};
export const FEED_PLAN_TYPE_IDS = Object.keys(INSURANCE_LINES).map(Number);
/** The plan types a carrier can receive, with their names (the carrier form's choices). */
export const FEED_PLAN_TYPES: ReadonlyArray<{ id: number; name: string }> = FEED_PLAN_TYPE_IDS.map((id) => ({ id, name: PLAN_TYPE_NAMES[id as PlanTypeId] ?? `Plan type ${id}` }));

/** ISA05/ISA07 interchange ID qualifiers accepted by the guide. */
export const ISA_QUALIFIERS = ['01', '14', '20', '27', '28', '29', '30', '33', 'ZZ'] as const;
export const CARRIER_SCHEDULES = ['on_demand', 'weekly'] as const;
export type CarrierSchedule = (typeof CARRIER_SCHEDULES)[number];
export const CARRIER_SCHEDULE_LABELS: Readonly<Record<CarrierSchedule, string>> = { on_demand: 'On demand', weekly: 'Weekly' };

const isaId = requiredString(CarrierFeedMessages.isaId).pipe(z.string().regex(/^[A-Za-z0-9 ]{1,15}$/, CarrierFeedMessages.isaId));
const gsCode = requiredString(CarrierFeedMessages.gsCode).pipe(z.string().regex(/^[A-Za-z0-9]{2,15}$/, CarrierFeedMessages.gsCode));
const qualifier = z.enum(ISA_QUALIFIERS, { error: CarrierFeedMessages.qualifier });

export const ZCarrierInput = z.object({
  name: requiredString().pipe(z.string().max(100)),
  planTypeIds: z
    .array(z.coerce.number().int().refine((id) => FEED_PLAN_TYPE_IDS.includes(id), CarrierFeedMessages.planTypesRequired), { error: CarrierFeedMessages.planTypesRequired })
    .min(1, CarrierFeedMessages.planTypesRequired)
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
  policyNumber: requiredString(CarrierFeedMessages.policy).pipe(z.string().regex(/^[A-Za-z0-9-]{1,50}$/, CarrierFeedMessages.policy)),
  sponsorFein: requiredString(CarrierFeedMessages.fein).pipe(z.string().regex(/^\d{9}$/, CarrierFeedMessages.fein)),
  isaSenderQualifier: qualifier,
  isaSenderId: isaId,
  isaReceiverQualifier: qualifier,
  isaReceiverId: isaId,
  gsSenderCode: gsCode,
  gsReceiverCode: gsCode,
  schedule: z.enum(CARRIER_SCHEDULES, { error: 'Choose a file schedule' }),
});
export type CarrierInput = z.infer<typeof ZCarrierInput>;

export const ZCarrier = z.object({
  id: z.number().int(),
  name: z.string(),
  planTypeIds: z.array(z.number().int()),
  policyNumber: z.string(),
  sponsorFein: z.string(),
  isaSenderQualifier: z.enum(ISA_QUALIFIERS),
  isaSenderId: z.string(),
  isaReceiverQualifier: z.enum(ISA_QUALIFIERS),
  isaReceiverId: z.string(),
  gsSenderCode: z.string(),
  gsReceiverCode: z.string(),
  schedule: z.enum(CARRIER_SCHEDULES),
  /** The last control number used (ISA13/GS06), 0 before the first file. */
  lastControlNumber: z.number().int(),
});
export type Carrier = z.infer<typeof ZCarrier>;
export const ZCarrierList = z.array(ZCarrier);
