import { SqlTable } from '../../core/database/sql-table';
import type { SignedSummary } from './signed-summary';

export interface SignatureEntity {
  id: number;
  clientId: number;
  employeeId: number;
  kind: 'registration' | 'life_event';
  imageFileId: number;
  summaryFileId: number | null;
  openEnrollmentPeriodId: number | null;
  ip: string | null;
  summary: SignedSummary;
  signedAt: Date;
}

export const signatureTable = new SqlTable<SignatureEntity>(
  'signature',
  {
    id: { name: 'id', generated: true },
    clientId: 'client_id',
    employeeId: 'employee_id',
    kind: 'kind',
    imageFileId: 'image_file_id',
    summaryFileId: 'summary_file_id',
    openEnrollmentPeriodId: 'open_enrollment_period_id',
    ip: 'ip',
    summary: { name: 'summary', json: true },
    signedAt: 'signed_at',
  },
  true,
  null,
);

