import { SqlTable } from '../../core/database/sql-table';

export type AccountTokenPurpose = 'registration' | 'password-reset';

/** A single-use emailed token. Only its SHA-256 is stored, so a database leak reveals no live link. */
export interface AccountToken {
  id: number;
  accountId: number;
  purpose: AccountTokenPurpose;
  tokenHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  /** Wrong security answers given with this (reset) token; the token is burnt at the limit. */
  failedAttempts: number;
  createdAt: Date;
}

export const accountTokenTable = new SqlTable<AccountToken>(
  'account_token',
  {
    id: { name: 'id', generated: true },
    accountId: 'account_id',
    purpose: 'purpose',
    tokenHash: 'token_hash',
    expiresAt: 'expires_at',
    usedAt: 'used_at',
    failedAttempts: 'failed_attempts',
    createdAt: { name: 'created_at', generated: true },
  },
  false,
  null,
);

