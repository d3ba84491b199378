import { Injectable } from '@nestjs/common';
import { TenantDb } from '../database/tenant-db';
import { Clock } from './clock';

/**
 * The acting client's "today" (every window and deadline in the client's time zone),
 * for rules that have no client row at hand. Queries that already join the client pass the clock's now as
 * a parameter instead (`($n::timestamptz AT TIME ZONE c.time_zone)::date`).
 */
@Injectable()
export class ClientCalendar {
  constructor(
    private readonly db: TenantDb,
    private readonly clock: Clock,
  ) {}

  async today(): Promise<string> {
    const [client] = await this.db.query<{ time_zone: string }>('SELECT time_zone FROM client WHERE id = $client');
    if (!client) throw new Error('no acting client');
    return this.clock.todayIn(client.time_zone);
  }
}
