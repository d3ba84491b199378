import { Injectable } from '@nestjs/common';
import { IsNull, type EntityManager } from 'typeorm';
import { AccountToken, type AccountTokenPurpose } from './account-token.entity';
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
    const repo = manager.getRepository(AccountToken);
    await repo.update({ accountId, purpose, usedAt: IsNull() }, { usedAt: () => 'now()' });
    const raw = newRawToken();
    const inserted = await repo.insert({
      accountId,
      purpose,
      tokenHash: hashToken(raw),
      expiresAt: new Date(Date.now() + ttlSeconds * 1000),
      usedAt: null,
      failedAttempts: 0,
    });
    const id = (inserted.identifiers[0] as { id: number }).id;
    return { id, raw };
  }

  /**
   * Looks a raw token up by its hash. With `lock` the row is locked for the caller's transaction, so two
   * requests with the same token cannot both use it.
   */
  async find(manager: EntityManager, raw: string, purpose: AccountTokenPurpose, lock = false): Promise<FoundToken | null> {
    // A forged value of any length simply has no row; hashing first keeps lookups constant-size.
    const qb = manager
      .getRepository(AccountToken)
      .createQueryBuilder('t')
      .where('t.tokenHash = :hash AND t.purpose = :purpose', { hash: hashToken(raw), purpose });
    if (lock) qb.setLock('pessimistic_write');
    const token = await qb.getOne();
    if (!token) return null;
    const state: TokenState = token.usedAt !== null ? 'used' : token.expiresAt.getTime() <= Date.now() ? 'expired' : 'valid';
    return { token, state };
  }

  async markUsed(manager: EntityManager, id: number): Promise<void> {
    await manager.getRepository(AccountToken).update({ id }, { usedAt: () => 'now()' });
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
