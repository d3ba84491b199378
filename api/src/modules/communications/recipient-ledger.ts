import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool, PoolClient, QueryResult } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { RequestContext } from '../../core/context/request-context';

/** A campaign recipient of the acting client (the send job's), by the ids its job carries. */
export interface RecipientKey {
  campaignId: number;
  employeeId: number;
}

/** The key with its client, taken from the context when the op is made. */
interface OwnedKey extends RecipientKey {
  clientId: number;
}

/** What a claim finds: the recipient (now held by this process), or why it cannot be sent now. */
export type Claim = { status: 'pending'; email: string; firstName: string } | 'busy' | 'finished' | 'missing';

/** How a held recipient ends: sent, failed (with the reason HR sees), or let go untouched (a retry sends it). */
export type Outcome = { status: 'sent' } | { status: 'failed'; reason: string } | null;

interface ClaimOp {
  key: OwnedKey;
  resolve: (claim: Claim) => void;
  reject: (err: Error) => void;
}

interface ReleaseOp {
  key: OwnedKey;
  outcome: Outcome;
  /** The connection the lock was taken on: a lock of a connection since lost is gone already. */
  epoch: number;
  resolve: () => void;
  reject: (err: Error) => void;
}

/**
 * How long ops gather before a round trip goes (and the least time between two). A round trip costs PostgreSQL
 * about the same for one recipient as for ten (measured: ~220 µs, +7 µs per recipient), and a send takes
 * milliseconds anyway, so a short wait buys batches several times larger (campaign bench: PostgreSQL ~225 to
 * ~130 µs per email).
 */
const GATHER_MS = 2;

const idOf = (k: RecipientKey): string => `${k.campaignId}:${k.employeeId}`;

/**
 * The campaign senders' bookkeeping, shared by every send job of this process: a recipient is held for its SMTP
 * exchange by a session-level advisory lock on (campaign, employee) and marked sent or failed before the lock
 * is let go, so a duplicate or retried job anywhere finds it held or finished and never sends it twice.
 *
 * The work of all concurrent jobs goes to PostgreSQL together, on one connection of this process: the claims and
 * outcomes of a short window (and those that arrive while a round trip is out) go in one round trip, with one
 * statement of each kind for all of them, instead of a transaction per email. If the connection fails, its locks end with it (PostgreSQL drops a closed session's
 * locks): the recipients it held are then free for a retry, which resends under the same Message-ID, the same
 * promise as a process killed between the mail server's acceptance and the commit.
 *
 * One round trip carries the jobs of several clients, so it cannot go through TenantDb's single `$client`; each
 * op's client is still never an argument: it is read from the request context (the job's) when the op is made.
 */
@Injectable()
export class RecipientLedger implements OnModuleDestroy {
  private connection: Promise<PoolClient> | null = null;
  /** Counts connections, so an outcome knows whether its lock is still held. */
  private epoch = 0;
  private claims: ClaimOp[] = [];
  private releases: ReleaseOp[] = [];
  private flushing = false;
  private closed = false;
  /** Recipients this process holds or is claiming: a session's advisory locks are re-entrant, so a second
   *  job of the same recipient in this process must be refused here. */
  private readonly held = new Map<string, number>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly context: RequestContext,
  ) {}

  /** Holds the recipient for sending when it is pending and nobody else holds it. */
  claim(recipient: RecipientKey): Promise<Claim> {
    const key = this.owned(recipient);
    if (this.held.has(idOf(key))) return Promise.resolve('busy');
    this.held.set(idOf(key), -1);
    return new Promise((resolve, reject) => {
      this.claims.push({ key, resolve, reject });
      this.schedule();
    });
  }

  /** Records how a claimed recipient ended (in a commit of its own) and lets it go. */
  release(recipient: RecipientKey, outcome: Outcome): Promise<void> {
    return this.let(this.owned(recipient), outcome);
  }

  private owned(recipient: RecipientKey): OwnedKey {
    const key = { clientId: this.context.clientId, campaignId: recipient.campaignId, employeeId: recipient.employeeId };
    if (!Object.values(key).every(Number.isSafeInteger)) throw new Error('bad recipient key');
    return key;
  }

  private let(key: OwnedKey, outcome: Outcome): Promise<void> {
    const epoch = this.held.get(idOf(key)) ?? -1;
    return new Promise((resolve, reject) => {
      this.releases.push({ key, outcome, epoch, resolve, reject });
      this.schedule();
    });
  }

  /**
   * At shutdown (before the pool closes, which would wait for this connection): the recipients held are given a
   * few seconds to be let go, then the connection is closed and later ops are refused (their jobs retry).
   */
  async onModuleDestroy(): Promise<void> {
    const deadline = Date.now() + 5000;
    while ((this.held.size > 0 || this.flushing) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    this.closed = true;
    await this.dropConnection();
  }

  private schedule(): void {
    if (!this.flushing) {
      this.flushing = true;
      setTimeout(() => void this.flush(), GATHER_MS);
    }
  }

  private async flush(): Promise<void> {
    const claims = this.claims;
    const releases = this.releases;
    this.claims = [];
    this.releases = [];
    try {
      await this.roundTrip(claims, releases);
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      // An unknown state: drop the connection (its locks end with it) and let every job of this batch retry.
      await this.dropConnection();
      for (const op of claims) this.held.delete(idOf(op.key));
      for (const op of releases) this.held.delete(idOf(op.key));
      for (const op of [...claims, ...releases]) op.reject(error);
    }
    if (this.claims.length > 0 || this.releases.length > 0) setTimeout(() => void this.flush(), GATHER_MS);
    else this.flushing = false;
  }

  private async roundTrip(claims: ClaimOp[], releases: ReleaseOp[]): Promise<void> {
    const client = await this.connect();
    const epoch = this.epoch;
    // Every key was checked to be integers where it came in (owned()), so they can be written into the text.
    const ints = (values: number[]): string => `'{${values.join(',')}}'::int[]`;
    const statements: string[] = [];
    const ended = releases.filter((op) => op.outcome !== null);
    if (ended.length > 0) {
      const text = (values: Array<string | null>): string => `ARRAY[${values.map((v) => (v === null ? 'NULL' : client.escapeLiteral(v))).join(',')}]::text[]`;
      statements.push(
        'BEGIN',
        `UPDATE campaign_recipient r SET status = k.status, last_error = k.reason, updated_at = now()
           FROM unnest(${ints(ended.map((op) => op.key.clientId))}, ${ints(ended.map((op) => op.key.campaignId))}, ${ints(ended.map((op) => op.key.employeeId))},
                       ${text(ended.map((op) => op.outcome!.status))}, ${text(ended.map((op) => (op.outcome!.status === 'failed' ? op.outcome!.reason : null)))})
                AS k(client_id, campaign_id, employee_id, status, reason)
          WHERE r.campaign_id = k.campaign_id AND r.employee_id = k.employee_id AND r.client_id = k.client_id AND r.status = 'pending'`,
        'COMMIT',
      );
    }
    // Only after the commit: whoever takes a recipient next sees how it ended.
    const unlocks = releases.filter((op) => op.epoch === epoch);
    if (unlocks.length > 0) {
      statements.push(`SELECT pg_advisory_unlock(k.c, k.e) FROM unnest(${ints(unlocks.map((op) => op.key.campaignId))}, ${ints(unlocks.map((op) => op.key.employeeId))}) AS k(c, e)`);
    }
    let claimed = -1;
    if (claims.length > 0) {
      const [c, e] = [ints(claims.map((op) => op.key.campaignId)), ints(claims.map((op) => op.key.employeeId))];
      statements.push(
        `SELECT pg_try_advisory_lock(k.c, k.e) AS locked FROM unnest(${c}, ${e}) WITH ORDINALITY AS k(c, e, i) ORDER BY k.i`,
        // A statement of its own, so its snapshot is taken after the locks: a sender that just finished is seen finished.
        `SELECT r.status, r.email, r.first_name FROM unnest(${ints(claims.map((op) => op.key.clientId))}, ${c}, ${e}) WITH ORDINALITY AS k(cl, c, e, i)
           LEFT JOIN campaign_recipient r ON r.campaign_id = k.c AND r.employee_id = k.e AND r.client_id = k.cl ORDER BY k.i`,
      );
      claimed = statements.length - 2;
    }
    const results = (await client.query(statements.join(';\n'))) as unknown as QueryResult | QueryResult[];
    const all = Array.isArray(results) ? results : [results];
    for (const op of releases) {
      this.held.delete(idOf(op.key));
      op.resolve();
    }
    if (claimed < 0) return;
    const locks = all[claimed]!.rows as Array<{ locked: boolean }>;
    const rows = all[claimed + 1]!.rows as Array<{ status: 'pending' | 'sent' | 'failed' | null; email: string; first_name: string }>;
    const letGo: OwnedKey[] = [];
    claims.forEach((op, i) => {
      const row = rows[i]!;
      if (!locks[i]!.locked) {
        this.held.delete(idOf(op.key));
        op.resolve('busy');
      } else if (row.status === 'pending') {
        this.held.set(idOf(op.key), epoch);
        op.resolve({ status: 'pending', email: row.email, firstName: row.first_name });
      } else {
        // Held but nothing to send: let it go in the next round trip.
        this.held.set(idOf(op.key), epoch);
        letGo.push(op.key);
        op.resolve(row.status === null ? 'missing' : 'finished');
      }
    });
    for (const key of letGo) void this.let(key, null).catch(() => undefined);
  }

  private connect(): Promise<PoolClient> {
    if (this.closed) return Promise.reject(new Error('the recipient ledger is closed'));
    if (!this.connection) {
      this.epoch += 1;
      const pool = (this.dataSource.driver as PostgresDriver).master as Pool;
      const connecting: Promise<PoolClient> = pool.connect().then(async (client) => {
        // A lost connection ends its locks; the next round trip opens another (a late error of an older
        // connection leaves the current one alone).
        client.on('error', () => {
          if (this.connection === connecting) void this.dropConnection();
        });
        // The outcome commits need not wait for the disk: if PostgreSQL itself crashed in that instant, a
        // recipient would stay pending and be resent under the same Message-ID.
        await client.query('SET synchronous_commit TO off');
        return client;
      });
      connecting.catch(() => undefined);
      this.connection = connecting;
    }
    return this.connection;
  }

  private async dropConnection(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    const client = connection ? await connection.catch(() => null) : null;
    try {
      // Destroyed, not pooled: its session (and any lock it still holds) must end.
      client?.release(true);
    } catch {
      // Already given back (its error and a failed round trip both drop it): nothing more to do.
    }
  }
}
