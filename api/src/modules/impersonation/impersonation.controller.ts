import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { JwtResponse } from '../../contracts/account';
import { Access, AllowIdleSession } from '../../core/auth/access.decorator';
import { ErrorResponseDto, OkResponseDto } from '../../core/http/common.dto';
import { EmployeeIdPipe } from '../employees/employee-id.pipe';
import { JwtResponseDto } from '../registration/registration.dto';
import { ImpersonationService } from './impersonation.service';

@ApiTags('impersonation')
@Controller()
export class ImpersonationController {
  constructor(private readonly impersonation: ImpersonationService) {}

  /** Answers a jwt acting as the employee; the site keeps the administrator's own token underneath. */
  @Get('employees/:id/impersonate')
  @Access('impersonate')
  @ApiOkResponse({ type: JwtResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Oneself, or a test user' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'Not an employee of this client (or agency)' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The employee has not created an account yet' })
  @ApiOperation({ summary: 'Log in as an employee (administrators and agents)' })
  start(@Param('id', EmployeeIdPipe) id: number): Promise<JwtResponse> {
    return this.impersonation.start(id);
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
