import { z } from 'zod';

/** The files written for a carrier and the requests for them. */

export const FEED_KINDS = ['full', 'changes'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];
export const ZFeedKindQuery = z.object({ kind: z.enum(FEED_KINDS, { error: 'Choose the full file or the changes file' }) });

/** POST /carriers/{id}/834: which file the workers are to write. */
export const ZCarrierFileAsk = ZFeedKindQuery;
export type CarrierFileAsk = z.infer<typeof ZCarrierFileAsk>;

export const CARRIER_FILE_REQUEST_STATUSES = ['queued', 'done', 'failed'] as const;
/** A file asked for from Transactions: written by the workers, sealed, then downloaded (audited) as fileId. */
export const ZCarrierFileRequest = z.object({
  id: z.number().int(),
  carrierId: z.number().int(),
  kind: z.enum(FEED_KINDS),
  status: z.enum(CARRIER_FILE_REQUEST_STATUSES),
  /** The written file (GET /carriers/{id}/files/{fileId}/download), once done. */
  fileId: z.number().int().nullable(),
  controlNumber: z.number().int().nullable(),
  members: z.number().int().nullable(),
});
export type CarrierFileRequest = z.infer<typeof ZCarrierFileRequest>;

/** A file written for a carrier by the workers, on request or weekly, kept encrypted at rest with the state it told the carrier. */
export const ZCarrierFile = z.object({
  id: z.number().int(),
  kind: z.enum(FEED_KINDS),
  controlNumber: z.number().int(),
  members: z.number().int(),
  /** ISO week's Monday of a weekly file, null for one made on request. */
  week: z.string().nullable(),
  createdAt: z.string(),
  downloadable: z.boolean(),
});
export type CarrierFile = z.infer<typeof ZCarrierFile>;
export const ZCarrierFileList = z.array(ZCarrierFile);
