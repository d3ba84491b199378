import { Controller, ForbiddenException, HttpCode, NotFoundException, Post } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Messages } from '../../contracts/messages';
import { AuditService } from '../../core/audit/audit.service';
import { Access } from '../../core/auth/access.decorator';
import type { AuthUser } from '../../core/auth/auth-user';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import { NOW } from '../../core/database/sql-table';
import { TenantDb } from '../../core/database/tenant-db';
import { ErrorResponseDto, OkResponseDto } from '../../core/http/common.dto';
import { AccountsService } from '../accounts/accounts.service';

/** The privacy-notice dialog's Continue. GET /me (mblPrivacyPolicyAgreement) compares the time with the revision date. */
@ApiTags('account')
@Controller()
export class ConsentController {
  constructor(
    private readonly db: TenantDb,
    private readonly audit: AuditService,
    private readonly accounts: AccountsService,
  ) {}

  @Post('update-privacy-policy')
  @HttpCode(200)
  @Access('user')
  @ApiOkResponse({ type: OkResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: "While impersonating: consent is the person's own" })
  @ApiOperation({ summary: 'Agree to the privacy policy' })
  async agree(@CurrentUser() user: AuthUser): Promise<{ success: boolean }> {
    // Only the person can agree; an administrator acting as them never does (the dialog is not shown then).
    if (user.impersonatorId !== null) throw new ForbiddenException({ statusCode: 403, message: Messages.notWhileImpersonating });
    if (user.accountId === null) throw new NotFoundException({ statusCode: 404, message: 'Account not found' });
    const accountId = user.accountId;
    await this.db.transaction(async () => {
      await this.accounts.update(accountId, { privacyPolicyAgreedAt: NOW });
      await this.audit.record({ employeeId: user.employeeId, eventType: 'Privacy notice', actionType: 'update', description: 'Agreed to the privacy notice' });
    });
    return { success: true };
  }
}
