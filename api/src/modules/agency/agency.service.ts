import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AgencyResponse } from '../../contracts/agency';
import { RequestContext } from '../../core/context/request-context';
import { SessionStore } from '../../core/auth/session-store';
import { TokenService } from '../../core/auth/token.service';
import { selectRows } from '../../core/database/sql-table';
import { agencyTable } from '../tenancy/agency.table';
import { clientTable } from '../tenancy/client.table';

@Injectable()
export class AgencyService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: TokenService,
    private readonly sessions: SessionStore,
    private readonly context: RequestContext,
  ) {}

  async describe(): Promise<AgencyResponse> {
    const user = this.context.user;
    const [agency] = await selectRows(this.dataSource, agencyTable, 'a', 'a.id = $1', [user.agencyId ?? -1]);
    if (!agency) throw new NotFoundException();
    const clients = await selectRows(this.dataSource, clientTable, 'c', 'c.agency_id = $1', [agency.id], { orderBy: 'c.name, c.id' });
    return {
      id: agency.id,
      name: agency.name,
      logoUrl: agency.logoUrl,
      website: agency.website,
      clients: clients.map((c) => ({ id: c.id, name: c.name, logoUrl: c.logoUrl, current: c.id === user.clientId })),
    };
  }

  /**
   * Opens another client of the agent's own agency: a new token for that client, and the old session ends.
   * A client of another agency answers 404, like any id the caller may not see.
   */
  async openClient(clientId: number): Promise<{ jwt: string }> {
    const user = this.context.user;
    const [client] = await selectRows(this.dataSource, clientTable, 'c', 'c.id = $1 AND c.agency_id = $2', [clientId, user.agencyId ?? -1]);
    if (!client || user.accountId === null) throw new NotFoundException();
    const jwt = await this.tokens.issue({ sub: user.accountId, emp: null, cid: client.id, adm: true, ag: user.agencyId, tu: user.testUser, pa: user.platformAdmin, imp: null });
    await this.sessions.revoke(user.sessionId);
    return { jwt };
  }
}
