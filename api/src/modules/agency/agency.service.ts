import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { AgencyResponse } from '../../contracts/agency';
import { RequestContext } from '../../core/context/request-context';
import { SessionStore } from '../../core/auth/session-store';
import { TokenService } from '../../core/auth/token.service';
import { Agency } from '../tenancy/agency.entity';
import { Client } from '../tenancy/client.entity';

@Injectable()
export class AgencyService {
  constructor(
    @InjectRepository(Agency) private readonly agencies: Repository<Agency>,
    @InjectRepository(Client) private readonly clients: Repository<Client>,
    private readonly tokens: TokenService,
    private readonly sessions: SessionStore,
    private readonly context: RequestContext,
  ) {}

  async describe(): Promise<AgencyResponse> {
    const user = this.context.user;
    const agency = await this.agencies.findOneBy({ id: user.agencyId ?? -1 });
    if (!agency) throw new NotFoundException();
    const clients = await this.clients.find({ where: { agencyId: agency.id }, order: { name: 'ASC', id: 'ASC' } });
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
    const client = await this.clients.findOneBy({ id: clientId, agencyId: user.agencyId ?? -1 });
    if (!client || user.accountId === null) throw new NotFoundException();
    const jwt = await this.tokens.issue({ sub: user.accountId, emp: null, cid: client.id, adm: true, ag: user.agencyId, tu: user.testUser, imp: null });
    await this.sessions.revoke(user.sessionId);
    return { jwt };
  }
}
