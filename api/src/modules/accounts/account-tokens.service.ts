import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { insertRow, NOW, selectRows, updateRows } from '../../core/database/sql-table';
import { accountTokenTable, type AccountToken, type AccountTokenPurpose } from './account-token.table';
import { hashToken, newRawToken } from './account-tokens';

export type TokenState = 'valid' | 'used' | 'expired';

export interface FoundToken {
  token: AccountToken;
  state: TokenState;
}

/** Single-use emailed tokens (registration, password reset). The raw value only ever exists in the email. */
@Injectable()
export class AccountTokensService {
  /**
   * Creates a token and burns the account's older unused tokens of the same purpose, so only the newest
   * emailed link works.
   */
  async issue(manager: EntityManager, accountId: number, purpose: AccountTokenPurpose, ttlSeconds: number): Promise<{ id: number; raw: string }> {
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
  async find(manager: EntityManager, raw: string, purpose: AccountTokenPurpose, lock = false): Promise<FoundToken | null> {
    // A forged value of any length simply has no row; hashing first keeps lookups constant-size.
    const [token] = await selectRows(manager, accountTokenTable, 't', 't.token_hash = $1 AND t.purpose = $2', [hashToken(raw), purpose], { lock });
    if (!token) return null;
    const state: TokenState = token.usedAt !== null ? 'used' : token.expiresAt.getTime() <= Date.now() ? 'expired' : 'valid';
    return { token, state };
  }

  async markUsed(manager: EntityManager, id: number): Promise<void> {
    await updateRows(manager, accountTokenTable, { usedAt: NOW }, 'id = {1}', [id]);
  }

  /** Counts a wrong answer; burns the token when the limit is reached. Answers the new count. */
  async countFailure(manager: EntityManager, id: number, limit: number): Promise<number> {
    const rows: Array<{ failed_attempts: number }> = await manager.query(
      `UPDATE account_token SET failed_attempts = failed_attempts + 1,
              used_at = CASE WHEN failed_attempts + 1 >= $2 THEN now() ELSE used_at END
        WHERE id = $1 RETURNING failed_attempts`,
      [id, limit],
    );
    return rows[0]?.failed_attempts ?? limit;
  }
}
