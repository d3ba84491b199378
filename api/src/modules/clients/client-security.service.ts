import { Injectable, Module } from '@nestjs/common';
import { TenantDb } from '../../core/database/tenant-db';

/**
 * The client's sign-in settings that the sign-in itself changes (MFA for HR administrators). Apart from
 * ClientsService so the auth module can use it: ClientsService's module reaches the auth module through
 * registration, and the other way round would be a cycle.
 */
@Injectable()
export class ClientSecurity {
  constructor(private readonly db: TenantDb) {}

  /** Whether the acting client's HR administrators must sign in with an authenticator; joins the caller's transaction. */
  async setMfaRequiredForHr(required: boolean): Promise<void> {
    await this.db.query(`UPDATE client SET mfa_required_for_hr = $1 WHERE id = $client`, [required]);
  }
}

@Module({ providers: [ClientSecurity], exports: [ClientSecurity] })
export class ClientSecurityModule {}
