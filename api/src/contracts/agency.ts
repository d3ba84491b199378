import { z } from 'zod';

export const ZAgencyClient = z.object({
  id: z.number().int(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  current: z.boolean(),
});

/** What an agent sees of its agency: the clients it may open (the header's client switcher). */
export const ZAgencyResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  website: z.string().nullable(),
  clients: z.array(ZAgencyClient),
});
export type AgencyResponse = z.infer<typeof ZAgencyResponse>;
