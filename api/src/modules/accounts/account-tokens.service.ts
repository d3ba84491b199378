import { Injectable } from '@nestjs/common';
import { insertRow, NOW, selectRows, updateRows } from '../../core/database/sql-table';
import { TenantDb } from '../../core/database/tenant-db';
import { accountTokenTable, type AccountToken, type AccountTokenPurpose } from './account-token.table';
import { hashToken, newRawToken } from './account-tokens';

/** The advisory-lock space of token issuing (the second key is the account id). */
const ACCOUNT_TOKEN_LOCK = 0x746f6b;

export type TokenState = 'valid' | 'used' | 'expired';

export interface FoundToken {
  token: AccountToken;
  state: TokenState;
}

/**
 * Single-use emailed tokens (registration, password reset). The raw value only ever exists in the email.
 * Tokens are found before the client is known, so statements go to the open transaction (TenantDb.manager)
 * without a client scope: issuing, using and counting join the caller's TenantDb.transaction.
 */
@Injectable()
export class AccountTokensService {
  constructor(private readonly db: TenantDb) {}

  /**
   * Creates a token and burns the account's older unused tokens of the same purpose, so only the newest
   * emailed link works.
   */
  async issue(accountId: number, purpose: AccountTokenPurpose, ttlSeconds: number): Promise<{ id: number; raw: string }> {
    // Two links asked for at once (reset links are written after their answers, concurrently) would each burn the
    // other's still-uncommitted row and both stay live: issuing for one account is one at a time.
    const manager = this.db.manager;
    await manager.query('SELECT pg_advisory_xact_lock($1, $2)', [ACCOUNT_TOKEN_LOCK, accountId]);
    await updateRows(manager, accountTokenTable, { usedAt: NOW }, 'account_id = {1} AND purpose = {2} AND used_at IS NULL', [accountId, purpose]);
    const raw = newRawToken();
    const id = await insertRow(manager, accountTokenTable, {
      accountId,
      purpose,
      tokenHash: hashToken(raw),
      expiresAt: new Date(Date.now() + ttlSeconds * 1000),
      usedAt: null,
      failedAttempts: 0,
    });
    return { id, raw };
  }

  /**
   * Looks a raw token up by its hash. With `lock` the row is locked for the caller's transaction, so two
   * requests with the same token cannot both use it.
   */
  async find(raw: string, purpose: AccountTokenPurpose, lock = false): Promise<FoundToken | null> {
    // A forged value of any length simply has no row; hashing first keeps lookups constant-size.
    const [token] = await selectRows(this.db.manager, accountTokenTable, 't', 't.token_hash = $1 AND t.purpose = $2', [hashToken(raw), purpose], { lock });
    if (!token) return null;
    const state: TokenState = token.usedAt !== null ? 'used' : token.expiresAt.getTime() <= Date.now() ? 'expired' : 'valid';
    return { token, state };
  }

  /** Burns every unused token of the account (an account turned off: its emailed links stop working). */
  async burnAll(accountId: number): Promise<void> {
    await updateRows(this.db.manager, accountTokenTable, { usedAt: NOW }, 'account_id = {1} AND used_at IS NULL', [accountId]);
  }

  async markUsed(id: number): Promise<void> {
    await updateRows(this.db.manager, accountTokenTable, { usedAt: NOW }, 'id = {1}', [id]);
  }

  /** Counts a wrong answer; burns the token when the limit is reached. */
  async countFailure(id: number, limit: number): Promise<void> {
    await this.db.manager.query(
      `UPDATE account_token SET failed_attempts = failed_attempts + 1,
              used_at = CASE WHEN failed_attempts + 1 >= $2 THEN now() ELSE used_at END
        WHERE id = $1`,
      [id, limit],
    );
  }
}
