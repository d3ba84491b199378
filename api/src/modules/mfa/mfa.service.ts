import { ConflictException, Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import * as QRCode from 'qrcode';
import { DataSource } from 'typeorm';
import type { LoginResponse } from '../../contracts/auth';
import {
  MFA_RECOVERY_CODE_COUNT,
  MfaMessages,
  type LoginMfaStep,
  type MfaAdministrators,
  type MfaRecoveryCodes,
  type MfaSetup,
  type MfaStatus,
} from '../../contracts/mfa';
import { AuditService, type AuditActor, type AuditRecord } from '../../core/audit/audit.service';
import { PasswordAttempts } from '../../core/auth/password-attempts';
import { hashSecret, verifySecret } from '../../core/auth/passwords';
import { Clock } from '../../core/clock/clock';
import { APP_CONFIG, type AppConfig } from '../../core/config/app-config';
import { RequestContext } from '../../core/context/request-context';
import { SecuredDataCipher } from '../../core/crypto/secured-data';
import { ClientSecurity } from '../clients/client-security.service';
import { TenantDb } from '../../core/database/tenant-db';
import { selectRows } from '../../core/database/sql-table';
import { accountTable, type Account } from '../accounts/account.table';
import { hashToken, newRawToken } from '../accounts/account-tokens';
import { AuthService } from '../auth/auth.service';
import { PasswordConfirmation } from '../secured-data/password-confirmation.service';

/** Long enough to open the app (or scan a first QR code), short enough that a leaked token soon dies. */
const CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** One 30-second step either side of now, for phones whose clock drifts (as TOTP allows for clock skew). */
const EPOCH_TOLERANCE_SECONDS = 30;
// Recovery codes: no 0/O, 1/I/L, so a code written down on paper reads back unambiguously.
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

type ChallengePurpose = LoginMfaStep['mfa'];
type CodeCheck = { ok: true; how: 'totp' | 'recovery' } | { ok: false; message: string };

interface MfaRow {
  secret_enc: string;
  confirmed_at: string | null;
}

/**
 * Administrators' authenticators. The TOTP secret is sealed with the data key and never
 * leaves the server once confirmed; codes are throttled like passwords (PasswordAttempts 'mfa': the attempt is
 * taken before the code is checked) and a time step is accepted once only (an atomic compare-and-set on
 * last_time_step); recovery codes are argon2 hashes, each burnt when used. Every change and every failed code
 * is audited, in the transaction of the change.
 */
@Injectable()
export class MfaService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly cipher: SecuredDataCipher,
    private readonly clock: Clock,
    private readonly attempts: PasswordAttempts,
    private readonly audit: AuditService,
    private readonly auth: AuthService,
    private readonly passwords: PasswordConfirmation,
    private readonly clientSecurity: ClientSecurity,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // ---- Sign-in ----

  /**
   * After the right password: the second step this account's sign-in needs, or null for none. An enrolled
   * account enters a code; HR of a client that requires an authenticator and has none sets one up first.
   */
  async afterPassword(account: Account): Promise<LoginMfaStep | null> {
    const row = await this.rowOf(account.id);
    const purpose: ChallengePurpose | null = row?.confirmed_at ? 'code' : (await this.requiredFor(account)) ? 'enroll' : null;
    if (purpose === null) return null;
    const raw = newRawToken();
    await this.dataSource.query(`INSERT INTO mfa_challenge (account_id, purpose, token_hash, expires_at) VALUES ($1, $2, $3, $4)`, [
      account.id,
      purpose,
      hashToken(raw),
      new Date(this.clock.now().getTime() + CHALLENGE_TTL_MS),
    ]);
    return { mfa: purpose, mfaToken: raw };
  }

  /** The second step: a code from the app, or a recovery code. The session exists only after this. */
  async loginWithCode(mfaToken: string, code: string): Promise<LoginResponse> {
    const { challengeId, account } = await this.challenge(mfaToken, 'code');
    const check = await this.checkCode(account, code);
    if (!check.ok) throw new UnauthorizedException({ statusCode: 401, message: check.message });
    await this.useChallenge(challengeId);
    return this.auth.login(account);
  }

  /** The authenticator to scan while enrolling during sign-in; the same one each time until confirmed. */
  async setupAtLogin(mfaToken: string): Promise<MfaSetup> {
    const { account } = await this.challenge(mfaToken, 'enroll');
    return this.pendingSetup(account, true);
  }

  /** Enrolling during sign-in ends it: the session, with the recovery codes to keep. */
  async enrollAtLogin(mfaToken: string, code: string): Promise<LoginResponse & MfaRecoveryCodes> {
    const { challengeId, account } = await this.challenge(mfaToken, 'enroll');
    const codes = await this.confirm(account, code);
    await this.useChallenge(challengeId);
    return { ...(await this.auth.login(account)), ...codes };
  }

  // ---- The signed-in administrator's own authenticator ----

  async status(): Promise<MfaStatus> {
    const account = await this.me();
    const row = await this.rowOf(account.id);
    const [left] = (await this.dataSource.query(`SELECT count(*)::int AS n FROM mfa_recovery_code WHERE account_id = $1 AND used_at IS NULL`, [account.id])) as Array<{ n: number }>;
    return {
      enrolled: row?.confirmed_at != null,
      enrolledAt: row?.confirmed_at ?? null,
      recoveryCodesLeft: row?.confirmed_at ? (left?.n ?? 0) : 0,
      required: await this.requiredFor(account),
      setup: row && !row.confirmed_at ? await this.setupOf(account, this.cipher.decrypt(row.secret_enc)!) : null,
    };
  }

  /** Starts (or starts again) setting up an authenticator: a new secret, unconfirmed. */
  async startSetup(): Promise<MfaSetup> {
    return this.pendingSetup(await this.me(), false);
  }

  async confirmSetup(code: string): Promise<MfaRecoveryCodes> {
    return this.confirm(await this.me(), code);
  }

  /** Turns one's own authenticator off, after the password; not for HR whose client requires one. */
  async disable(password: string): Promise<void> {
    const account = await this.me();
    const row = await this.rowOf(account.id);
    if (!row) throw new ConflictException({ statusCode: 409, message: MfaMessages.notEnrolled });
    if (await this.requiredFor(account)) throw new ConflictException({ statusCode: 409, message: MfaMessages.requiredByClient });
    await this.passwords.confirm(password, 'change');
    await this.db.transaction(async () => {
      await this.remove(account.id);
      await this.audit.record({ eventType: 'Security', actionType: 'mfa-disabled', description: `Turned off the authenticator of ${account.username}` });
    });
  }

  // ---- Other administrators (the open client's HR; an agent's fellow agents) ----

  /** Who the caller may reset, as resettableBy's parameters: [administers this client, agency, platform administrator]. */
  private resetScope(): [boolean, number | null, boolean] {
    const { roleType, agencyId, platformAdmin } = this.context.user;
    return [roleType === 1, agencyId, platformAdmin];
  }

  async administrators(): Promise<MfaAdministrators> {
    const rows = await this.db.query<{ id: number; username: string; first_name: string | null; last_name: string | null; agent: boolean; platform: boolean; client_admin: boolean; confirmed_at: string | null }>(
      `SELECT a.id, a.username, a.first_name, a.last_name, a.client_id IS NULL AS agent, a.platform_admin AS platform, a.role_type = 1 AS client_admin,
              to_json(m.confirmed_at) #>> '{}' AS confirmed_at
         FROM account a LEFT JOIN account_mfa m ON m.account_id = a.id
        WHERE ${resettableBy('$1', '$2', '$3')}
        ORDER BY a.platform_admin AND a.role_type <> 1, a.client_id IS NULL, a.last_name, a.first_name, a.id`,
      this.resetScope(),
    );
    const clientAdministrator = this.context.user.roleType === 1;
    const [client] = clientAdministrator ? await this.db.query<{ required: boolean }>(`SELECT mfa_required_for_hr AS required FROM client WHERE id = $client`) : [];
    return {
      requiredForHr: clientAdministrator ? (client?.required ?? false) : null,
      administrators: rows.map((r) => ({
        id: r.id,
        name: [r.first_name, r.last_name].filter(Boolean).join(' ') || r.username,
        username: r.username,
        kind: r.platform && !r.client_admin ? 'platform' : r.agent ? 'agent' : 'hr',
        enrolled: r.confirmed_at !== null,
        enrolledAt: r.confirmed_at,
      })),
    };
  }

  /**
   * Recovery by another administrator: removes the authenticator and recovery codes of someone who lost both.
   * They sign in with their password again (and, where the client requires it, set up a new authenticator).
   */
  async reset(accountId: number): Promise<string> {
    const [target] = await this.db.query<{ id: number; username: string }>(
      `SELECT a.id, a.username FROM account a WHERE a.id = $4 AND ${resettableBy('$1', '$2', '$3')}`,
      [...this.resetScope(), accountId],
    );
    if (!target) throw new NotFoundException();
    if (target.id === this.context.user.accountId) throw new ConflictException({ statusCode: 409, message: MfaMessages.resetSelf });
    if (!(await this.rowOf(target.id))) throw new ConflictException({ statusCode: 409, message: MfaMessages.notEnrolled });
    await this.db.transaction(async () => {
      await this.remove(target.id);
      const entry: AuditRecord = { eventType: 'Security', actionType: 'mfa-reset', description: `Reset the authenticator of ${target.username}` };
      // Between platform administrators it is platform work, in no client's log (as the queue dashboard's entries).
      if (this.context.user.roleType === 1) await this.audit.record(entry);
      else await this.audit.recordAs({ clientId: null, accountId: this.context.user.accountId }, entry);
    });
    return target.username;
  }

  async setRequirement(requiredForHr: boolean): Promise<void> {
    await this.db.transaction(async () => {
      const [before] = await this.db.query<{ required: boolean }>(`SELECT mfa_required_for_hr AS required FROM client WHERE id = $client FOR UPDATE`, []);
      if (!before || before.required === requiredForHr) return;
      await this.clientSecurity.setMfaRequiredForHr(requiredForHr);
      await this.audit.record(
        {
          eventType: 'Security',
          actionType: 'update',
          description: requiredForHr ? 'Required an authenticator for HR administrators' : 'No longer requires an authenticator for HR administrators',
          data: [{ title: 'Authenticator required for HR', oldValue: before.required ? 'Yes' : 'No', newValue: requiredForHr ? 'Yes' : 'No', changed: true }],
        },
      );
    });
  }

  // ---- Rules ----

  /** Checks a code (throttled first); a wrong or replayed one is audited as a security event. */
  private async checkCode(account: Account, code: string): Promise<CodeCheck> {
    const who = `id:${account.id}`;
    const ip = this.context.ip;
    await this.attempts.take('mfa', who, ip);
    const check = /^\d{6}$/.test(code) ? await this.useTotp(account.id, code) : await this.useRecoveryCode(account, code);
    if (!check.ok) {
      await this.audit.recordAs(this.actorOf(account), {
        eventType: 'Security',
        actionType: 'mfa-failed',
        // Never the code itself.
        description: `${check.message === MfaMessages.codeUsed ? 'Reused' : 'Wrong'} authenticator code for ${account.username}`,
      });
      return check;
    }
    await this.attempts.succeeded('mfa', who, ip);
    return check;
  }

  private async useTotp(accountId: number, code: string, pending = false): Promise<CodeCheck> {
    const row = await this.rowOf(accountId);
    if (!row || (row.confirmed_at === null) !== pending) return { ok: false, message: MfaMessages.codeInvalid };
    const result = verifySync({ secret: this.cipher.decrypt(row.secret_enc)!, token: code, epoch: Math.floor(this.clock.now().getTime() / 1000), epochTolerance: EPOCH_TOLERANCE_SECONDS });
    if (!result.valid || !('timeStep' in result)) return { ok: false, message: MfaMessages.codeInvalid };
    // Compare-and-set: of two requests with the same code (or an older one), only the first gets through. (A
    // bare UPDATE … RETURNING answers [rows, count] through TypeORM; the CTE answers the rows alone.)
    const accepted = (await this.db.manager.query(
      `WITH accepted AS (
         UPDATE account_mfa SET last_time_step = $2, updated_at = now() WHERE account_id = $1 AND (last_time_step IS NULL OR last_time_step < $2) RETURNING account_id
       ) SELECT account_id FROM accepted`,
      [accountId, result.timeStep],
    )) as unknown[];
    return accepted.length > 0 ? { ok: true, how: 'totp' } : { ok: false, message: MfaMessages.codeUsed };
  }

  private async useRecoveryCode(account: Account, code: string): Promise<CodeCheck> {
    const codes = (await this.dataSource.query(`SELECT id, code_hash FROM mfa_recovery_code WHERE account_id = $1 AND used_at IS NULL ORDER BY id`, [account.id])) as Array<{
      id: number;
      code_hash: string;
    }>;
    for (const candidate of codes) {
      if (!(await verifySecret(candidate.code_hash, code))) continue;
      return this.dataSource.transaction(async (m) => {
        const burnt = (await m.query(`WITH burnt AS (UPDATE mfa_recovery_code SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id) SELECT id FROM burnt`, [candidate.id, this.clock.nowIso()])) as unknown[];
        if (burnt.length === 0) return { ok: false, message: MfaMessages.codeUsed } satisfies CodeCheck;
        await this.audit.recordAs(this.actorOf(account), { eventType: 'Security', actionType: 'mfa-recovery-code-used', description: `Signed in with a recovery code: ${account.username}` });
        return { ok: true, how: 'recovery' } satisfies CodeCheck;
      });
    }
    return { ok: false, message: MfaMessages.codeInvalid };
  }

  /** The first code from a new authenticator confirms it; the recovery codes are made then and shown once. */
  private async confirm(account: Account, code: string): Promise<MfaRecoveryCodes> {
    const row = await this.rowOf(account.id);
    if (row?.confirmed_at) throw new ConflictException({ statusCode: 409, message: MfaMessages.alreadyEnrolled });
    if (!row) throw new ConflictException({ statusCode: 409, message: MfaMessages.setupFirst });
    if (!/^\d{6}$/.test(code)) throw new UnauthorizedException({ statusCode: 401, message: MfaMessages.codeInvalid });
    const who = `id:${account.id}`;
    const ip = this.context.ip;
    await this.attempts.take('mfa', who, ip);
    const recoveryCodes = Array.from({ length: MFA_RECOVERY_CODE_COUNT }, () => newRecoveryCode());
    const hashes = await Promise.all(recoveryCodes.map((c) => hashSecret(c.replace('-', ''))));
    const check = await this.db.transaction(async (m) => {
      const result = await this.useTotp(account.id, code, true);
      if (!result.ok) return result;
      await m.query(`UPDATE account_mfa SET confirmed_at = $2 WHERE account_id = $1`, [account.id, this.clock.nowIso()]);
      await m.query(`DELETE FROM mfa_recovery_code WHERE account_id = $1`, [account.id]);
      await m.query(`INSERT INTO mfa_recovery_code (account_id, code_hash) SELECT $1, unnest($2::text[])`, [account.id, hashes]);
      await this.audit.recordAs(this.actorOf(account), { eventType: 'Security', actionType: 'mfa-enrolled', description: `Set up an authenticator: ${account.username}` });
      return result;
    });
    if (!check.ok) {
      await this.audit.recordAs(this.actorOf(account), { eventType: 'Security', actionType: 'mfa-failed', description: `Wrong authenticator code while setting up: ${account.username}` });
      throw new UnauthorizedException({ statusCode: 401, message: check.message });
    }
    await this.attempts.succeeded('mfa', who, ip);
    return { recoveryCodes };
  }

  /** The pending authenticator; a new one unless `reuse` finds one already pending (the sign-in page reloads). */
  private async pendingSetup(account: Account, reuse: boolean): Promise<MfaSetup> {
    const row = await this.rowOf(account.id);
    if (row?.confirmed_at) throw new ConflictException({ statusCode: 409, message: MfaMessages.alreadyEnrolled });
    if (row && reuse) return this.setupOf(account, this.cipher.decrypt(row.secret_enc)!);
    const secret = generateSecret();
    await this.dataSource.query(
      `INSERT INTO account_mfa (account_id, secret_enc) VALUES ($1, $2)
       ON CONFLICT (account_id) DO UPDATE SET secret_enc = EXCLUDED.secret_enc, last_time_step = NULL, updated_at = now() WHERE account_mfa.confirmed_at IS NULL`,
      [account.id, this.cipher.encrypt(secret)],
    );
    return this.setupOf(account, secret);
  }

  private async setupOf(account: Account, secret: string): Promise<MfaSetup> {
    const otpauthUrl = generateURI({ issuer: this.config.productName, label: account.username, secret });
    const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, otpauthUrl, qrSvg };
  }

  /** HR of a client that requires an authenticator (a test user is not a real administrator). */
  private async requiredFor(account: Account): Promise<boolean> {
    if (account.roleType !== 1 || account.testUser || account.clientId === null || account.agencyId !== null) return false;
    const [client] = (await this.dataSource.query(`SELECT mfa_required_for_hr AS required FROM client WHERE id = $1`, [account.clientId])) as Array<{ required: boolean }>;
    return client?.required ?? false;
  }

  private async challenge(raw: string, purpose: ChallengePurpose): Promise<{ challengeId: number; account: Account }> {
    const [row] = (await this.dataSource.query(
      `SELECT id, account_id FROM mfa_challenge WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3`,
      [hashToken(raw), purpose, this.clock.nowIso()],
    )) as Array<{ id: number; account_id: number }>;
    const [account] = row ? await selectRows(this.dataSource.manager, accountTable, 'a', 'a.id = $1', [row.account_id]) : [];
    if (!row || !account) throw new UnauthorizedException({ statusCode: 401, message: MfaMessages.challengeExpired });
    return { challengeId: row.id, account };
  }

  /** Single use: of two requests racing with one token, the second is told to sign in again. */
  private async useChallenge(id: number): Promise<void> {
    const used = (await this.dataSource.query(`WITH used AS (UPDATE mfa_challenge SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id) SELECT id FROM used`, [id, this.clock.nowIso()])) as unknown[];
    if (used.length === 0) throw new UnauthorizedException({ statusCode: 401, message: MfaMessages.challengeExpired });
  }

  private async me(): Promise<Account> {
    const [account] = await selectRows(this.dataSource.manager, accountTable, 'a', 'a.id = $1', [this.context.user.accountId]);
    if (!account || (account.roleType !== 1 && !account.platformAdmin)) throw new ConflictException({ statusCode: 409, message: MfaMessages.notAdministrator });
    return account;
  }

  private async rowOf(accountId: number): Promise<MfaRow | null> {
    const [row] = (await this.db.manager.query(`SELECT secret_enc, to_json(confirmed_at) #>> '{}' AS confirmed_at FROM account_mfa WHERE account_id = $1`, [accountId])) as MfaRow[];
    return row ?? null;
  }

  private async remove(accountId: number): Promise<void> {
    const m = this.db.manager;
    await m.query(`DELETE FROM account_mfa WHERE account_id = $1`, [accountId]);
    await m.query(`DELETE FROM mfa_recovery_code WHERE account_id = $1`, [accountId]);
    await m.query(`UPDATE mfa_challenge SET used_at = now() WHERE account_id = $1 AND used_at IS NULL`, [accountId]);
  }

  /** Before sign-in the context names no one: the entry is the account's own, in its client where it has one. */
  private actorOf(account: Account): AuditActor {
    return { clientId: account.clientId, accountId: account.id };
  }
}

/**
 * The accounts whose authenticator the caller may see and reset (the parameters hold resetScope's values). An
 * administrator of this client: the client's HR, and for an agent (`agency`, null for HR) the agency's agents.
 * A platform administrator: the other platform administrators, who belong to no client's administration. Test
 * users are neither.
 */
function resettableBy(clientAdmin: string, agency: string, platform: string): string {
  return `NOT a.test_user AND (
      (${clientAdmin}::boolean AND a.role_type = 1
        AND ((a.client_id = $client AND a.agency_id IS NULL) OR (${agency}::int IS NOT NULL AND a.client_id IS NULL AND a.agency_id = ${agency}::int)))
      OR (${platform}::boolean AND a.platform_admin))`;
}

/** Ten characters from an unambiguous alphabet, shown as XXXXX-XXXXX (about 50 bits). */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]!).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
