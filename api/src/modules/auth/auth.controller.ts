import { Body, Controller, Get, HttpCode, Post, Put, Req, UseGuards } from '@nestjs/common';
import { ApiBody, ApiForbiddenResponse, ApiConflictResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { FastifyRequest as Request } from 'fastify';
import type { CurrentUser as CurrentUserShape, LoginResponse } from '../../contracts/auth';
import { Access, AllowDuringPendingChange, AllowIdleSession, NotActivity } from '../../core/auth/access.decorator';
import type { Account } from '../accounts/account.table';
import { ErrorResponseDto, OkResponseDto } from '../../core/http/common.dto';
import { CurrentUserDto, LoginRequestDto, LoginResponseDto, UpdateStepRequestDto } from './auth.dto';
import { AuthService } from './auth.service';
import { LocalAuthGuard } from './local-auth.guard';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('login')
  @HttpCode(200)
  @Access('public')
  @UseGuards(LocalAuthGuard)
  @ApiBody({ type: LoginRequestDto })
  @ApiOkResponse({ type: LoginResponseDto })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto, description: "'Invalid credentials!'" })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'The right password of a terminated employee whose access has ended' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Sign in with email or username and password' })
  login(@Req() req: Request & { user: Account }): Promise<LoginResponse> {
    return this.auth.login(req.user);
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
