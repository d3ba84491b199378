/** Every BullMQ queue of the product; API and workers register the same names. */
export const QueueName = {
  Email: 'email',
  Reports: 'reports',
  OpenEnrollment: 'open-enrollment',
  Documents: 'documents',
  /** Communications: fan-out and one job per recipient, apart from transactional email so a campaign never delays a reset link. */
  Campaigns: 'campaigns',
  /** Imports: a census file's commit (minutes for a large file), apart so it never holds up reports or email. */
  Imports: 'imports',
  /** Housekeeping: the re-drive sweep. */
  Maintenance: 'maintenance',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];
export const ALL_QUEUES: readonly QueueName[] = Object.values(QueueName);
