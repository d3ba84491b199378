import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { JwtResponse } from '../../contracts/account';
import { IMPERSONATION_DETAILS_MAX, ZImpersonationRequest } from '../../contracts/impersonation';
import { Access, AllowIdleSession } from '../../core/auth/access.decorator';
import { ErrorResponseDto, OkResponseDto } from '../../core/http/common.dto';
import { createZodDto } from '../../core/http/zod-dto';
import { EmployeeIdPipe } from '../employees/employee-id.pipe';
import { JwtResponseDto } from '../registration/registration.dto';
import { ImpersonationService } from './impersonation.service';

class ImpersonationRequestDto extends createZodDto(ZImpersonationRequest) {}

@ApiTags('impersonation')
@Controller()
export class ImpersonationController {
  constructor(private readonly impersonation: ImpersonationService) {}

  /**
   * Answers a jwt acting as the employee; the site keeps the administrator's own token underneath. A POST
   * with the reason (it was a GET without one): the reason is recorded and mailed, so it is no query string.
   */
  @Post('employees/:id/impersonate')
  @HttpCode(200)
  @Access('impersonate')
  @ApiOkResponse({ type: JwtResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: `No reason from the list, no details for Other, details over ${IMPERSONATION_DETAILS_MAX} characters or with control characters` })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Oneself, or a test user' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'Not an employee of this client (or agency)' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The employee has not created an account yet' })
  @ApiOperation({
    summary: 'Log in as an employee with a reason (administrators and agents)',
    description:
      "The reason is shown in the banner (GET /me impersonationReason), kept with every audit entry made while acting, listed in the employee's audit log, and mailed to the employee with who and when.",
  })
  start(@Param('id', EmployeeIdPipe) id: number, @Body() body: ImpersonationRequestDto): Promise<JwtResponse> {
    return this.impersonation.start(id, body);
  }

  /** Only for impersonation tokens. Impersonating sessions are never idle, so this always answers. */
  @Post('impersonation/stop')
  @HttpCode(200)
  @Access('user')
  @AllowIdleSession()
  @ApiOkResponse({ type: OkResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Not an impersonation token' })
  @ApiOperation({ summary: 'Return to the own account (ends the impersonation session)' })
  async stop(): Promise<{ success: boolean }> {
    await this.impersonation.stop();
    return { success: true };
  }
}
