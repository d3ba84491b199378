import { Body, Controller, Get, HttpCode, Post, Put, Req, UseGuards } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiForbiddenResponse, ApiConflictResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse, getSchemaPath } from '@nestjs/swagger';
import type { FastifyRequest as Request } from 'fastify';
import type { CurrentUser as CurrentUserShape } from '../../contracts/auth';
import type { LoginAnswer } from '../../contracts/mfa';
import { Access, AllowDuringPendingChange, AllowIdleSession, NotActivity } from '../../core/auth/access.decorator';
import type { Account } from '../accounts/account.table';
import { ErrorResponseDto, OkResponseDto } from '../../core/http/common.dto';
import { MfaService } from '../mfa/mfa.service';
import { CurrentUserDto, LoginMfaStepDto, LoginRequestDto, LoginResponseDto, UpdateStepRequestDto } from './auth.dto';
import { AuthService } from './auth.service';
import { LocalAuthGuard } from './local-auth.guard';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly mfa: MfaService,
  ) {}

  @Post('login')
  @HttpCode(200)
  @Access('public')
  @UseGuards(LocalAuthGuard)
  @ApiBody({ type: LoginRequestDto })
  @ApiExtraModels(LoginResponseDto, LoginMfaStepDto)
  @ApiOkResponse({
    description: 'A session, or (an administrator with an authenticator, or HR whose client requires one) the second step: POST /login/mfa or /login/mfa/enroll',
    schema: { oneOf: [{ $ref: getSchemaPath(LoginResponseDto) }, { $ref: getSchemaPath(LoginMfaStepDto) }] },
  })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto, description: "'Invalid credentials!'" })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'The right password of a terminated employee whose access has ended' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Sign in with email or username and password' })
  async login(@Req() req: Request & { user: Account }): Promise<LoginAnswer> {
    // No session until the second step, where the account needs one.
    return (await this.mfa.afterPassword(req.user)) ?? this.auth.login(req.user);
  }

  @Post('logout')
  @HttpCode(200)
  @Access('user')
  @AllowIdleSession()
  @ApiOkResponse({ type: OkResponseDto })
  @AllowDuringPendingChange()
  @ApiOperation({ summary: 'Sign out: ends this session and the impersonation sessions it opened' })
  async logout(): Promise<{ success: boolean }> {
    await this.auth.logout();
    return { success: true };
  }

  @Get('me')
  @Access('user')
  @ApiOkResponse({ type: CurrentUserDto })
  @AllowDuringPendingChange()
  @ApiOperation({ summary: 'The current user session, with its permissions' })
  me(): Promise<CurrentUserShape> {
    return this.auth.currentUser();
  }

  @Put('me')
  @Access('user')
  @ApiOkResponse({ type: OkResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Not the next step, or the step being completed still misses something (said in message and errors)' })
  @ApiOperation({ summary: 'Record the next registration step (409 with what is missing)' })
  async setStep(@Body() body: UpdateStepRequestDto): Promise<{ success: boolean }> {
    await this.auth.setStep(body.step);
    return { success: true };
  }

  /** The site's 30-second activity check: answers 408 once the session is idle, without counting as activity. */
  @Get('check')
  @Access('user')
  @NotActivity()
  @ApiOkResponse({ type: OkResponseDto })
  @AllowDuringPendingChange()
  @ApiOperation({ summary: 'Whether the session is still active (does not count as activity)' })
  check(): { success: boolean } {
    return { success: true };
  }
}
