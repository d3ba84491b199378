import { EventSubscriber, type EntityManager, type EntitySubscriberInterface, type QueryRunner, type TransactionCommitEvent, type TransactionRollbackEvent, type TransactionStartEvent } from 'typeorm';

interface Pending {
  /** The transaction level (1 = the outer transaction, 2 = its first savepoint...) it was recorded in. */
  level: number;
  work: () => Promise<void>;
}

/** How deep each connection's transaction is now: TypeORM keeps its own count protected. */
const levels = new WeakMap<QueryRunner, number>();
const pendingOf = new WeakMap<QueryRunner, Pending[]>();

/**
 * Runs `work` once the transaction `manager` belongs to has committed, and never if it rolls back; at once when
 * `manager` is in no transaction. For jobs about rows the transaction writes: added before the commit, a worker
 * could run first and not find them. The caller's `transaction()` resolves after `work` has run.
 *
 * `work` must not throw: the commit is done and cannot be undone, so a failure there is the work's own to
 * record (JobsService.queueAfterCommit logs it and leaves the job to the re-drive sweep).
 */
export async function afterCommit(manager: EntityManager, work: () => Promise<void>): Promise<void> {
  const runner = manager.queryRunner;
  if (!runner || !runner.isTransactionActive) return work();
  const level = levels.get(runner);
  // Without the subscriber the work would silently run before the commit again.
  if (level === undefined) throw new Error('afterCommit: AfterCommitSubscriber is not registered on this DataSource');
  const pending = pendingOf.get(runner);
  if (pending) pending.push({ level, work });
  else pendingOf.set(runner, [{ level, work }]);
}

/**
 * The TypeORM subscriber behind afterCommit (registered in dataSourceOptions): it follows each connection's
 * transaction level, so a savepoint released hands its work to the enclosing transaction, a savepoint rolled
 * back drops its own, and the outer commit runs everything left, in order. TypeORM takes a listed subscriber
 * only with its decorator.
 */
@EventSubscriber()
export class AfterCommitSubscriber implements EntitySubscriberInterface {
  afterTransactionStart(event: TransactionStartEvent): void {
    levels.set(event.queryRunner, (levels.get(event.queryRunner) ?? 0) + 1);
  }

  async afterTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    const level = this.leave(event.queryRunner);
    const pending = pendingOf.get(event.queryRunner);
    if (!pending) return;
    if (level > 0) {
      // A savepoint released: its work now belongs to the transaction around it.
      for (const p of pending) p.level = Math.min(p.level, level);
      return;
    }
    pendingOf.delete(event.queryRunner);
    for (const p of pending) await p.work();
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    const level = this.leave(event.queryRunner);
    const pending = pendingOf.get(event.queryRunner);
    if (!pending) return;
    const kept = pending.filter((p) => p.level <= level);
    if (kept.length > 0) pendingOf.set(event.queryRunner, kept);
    else pendingOf.delete(event.queryRunner);
  }

  /** The level after this commit or rollback. */
  private leave(runner: QueryRunner): number {
    const level = Math.max(0, (levels.get(runner) ?? 1) - 1);
    levels.set(runner, level);
    return level;
  }
}
