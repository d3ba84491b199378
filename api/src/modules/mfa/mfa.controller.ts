import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { LoginResponse } from '../../contracts/auth';
import {
  MfaMessages,
  ZMfaAdministrators,
  ZMfaCodeRequest,
  ZMfaDisableRequest,
  ZMfaEnrollLoginResponse,
  ZMfaLoginRequest,
  ZMfaRecoveryCodes,
  ZMfaRequirementRequest,
  ZMfaSetup,
  ZMfaStatus,
  ZMfaTokenRequest,
  type MfaAdministrators,
  type MfaRecoveryCodes,
  type MfaSetup,
  type MfaStatus,
} from '../../contracts/mfa';
import { Access } from '../../core/auth/access.decorator';
import { ErrorResponseDto, OkResponseDto } from '../../core/http/common.dto';
import { idPipe } from '../../core/http/id.pipe';
import { createZodDto } from '../../core/http/zod-dto';
import { LoginResponseDto } from '../auth/auth.dto';
import { MfaService } from './mfa.service';

class MfaTokenRequestDto extends createZodDto(ZMfaTokenRequest) {}
class MfaLoginRequestDto extends createZodDto(ZMfaLoginRequest) {}
class MfaCodeRequestDto extends createZodDto(ZMfaCodeRequest) {}
class MfaDisableRequestDto extends createZodDto(ZMfaDisableRequest) {}
class MfaRequirementRequestDto extends createZodDto(ZMfaRequirementRequest) {}
class MfaSetupDto extends createZodDto(ZMfaSetup) {}
class MfaRecoveryCodesDto extends createZodDto(ZMfaRecoveryCodes) {}
class MfaEnrollLoginResponseDto extends createZodDto(ZMfaEnrollLoginResponse) {}
class MfaStatusDto extends createZodDto(ZMfaStatus) {}
class MfaAdministratorsDto extends createZodDto(ZMfaAdministrators) {}

const AdministratorIdPipe = idPipe(MfaMessages.noAdministrator);
const CODE_FAILURE = "'That code is not right…', 'That code has already been used…' (a used time step or recovery code), or the sign-in expired (log in again)";

/** Administrators' authenticators: the sign-in's second step, one's own, and others'. */
@ApiTags('mfa')
@Controller()
export class MfaController {
  constructor(private readonly mfa: MfaService) {}

  @Post('login/mfa')
  @HttpCode(200)
  @Access('public')
  @ApiOkResponse({ type: LoginResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto, description: CODE_FAILURE })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'Codes are throttled like passwords' })
  @ApiOperation({ summary: "Sign in, second step: the authenticator's code or a recovery code, with the token POST /login answered" })
  loginWithCode(@Body() body: MfaLoginRequestDto): Promise<LoginResponse> {
    return this.mfa.loginWithCode(body.mfaToken, body.code);
  }

  @Post('login/mfa/setup')
  @HttpCode(200)
  @Access('public')
  @ApiOkResponse({ type: MfaSetupDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'The sign-in expired (log in again)' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'An authenticator is already set up' })
  @ApiOperation({ summary: 'Sign in of HR whose client requires an authenticator: the one to scan (the same until confirmed)' })
  setupAtLogin(@Body() body: MfaTokenRequestDto): Promise<MfaSetup> {
    return this.mfa.setupAtLogin(body.mfaToken);
  }

  @Post('login/mfa/enroll')
  @HttpCode(200)
  @Access('public')
  @ApiOkResponse({ type: MfaEnrollLoginResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto, description: CODE_FAILURE })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'No set-up started, or one is already confirmed' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: "Sign in of HR whose client requires an authenticator: its first code confirms it; answers the session and the 10 recovery codes (shown this once)" })
  enrollAtLogin(@Body() body: MfaLoginRequestDto): Promise<LoginResponse & MfaRecoveryCodes> {
    return this.mfa.enrollAtLogin(body.mfaToken, body.code);
  }

  @Get('mfa')
  @Access('mfa:self')
  @ApiOkResponse({ type: MfaStatusDto })
  @ApiOperation({ summary: "The signed-in administrator's authenticator: set up or not, recovery codes left, required by the client, a set-up in progress" })
  status(): Promise<MfaStatus> {
    return this.mfa.status();
  }

  @Post('mfa/setup')
  @HttpCode(200)
  @Access('mfa:self')
  @ApiOkResponse({ type: MfaSetupDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'An authenticator is already set up (turn it off first)' })
  @ApiOperation({ summary: 'Start setting up an authenticator: a new secret and its QR code' })
  startSetup(): Promise<MfaSetup> {
    return this.mfa.startSetup();
  }

  @Post('mfa/confirm')
  @HttpCode(200)
  @Access('mfa:self')
  @ApiOkResponse({ type: MfaRecoveryCodesDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto, description: CODE_FAILURE })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'No set-up started, or one is already confirmed' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: "Confirm the new authenticator with its first code; answers the 10 recovery codes (shown this once)" })
  confirm(@Body() body: MfaCodeRequestDto): Promise<MfaRecoveryCodes> {
    return this.mfa.confirmSetup(body.code);
  }

  @Post('mfa/disable')
  @HttpCode(200)
  @Access('mfa:self')
  @ApiOkResponse({ type: OkResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: "'Incorrect password'" })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'None set up, or the client requires one of its HR' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Turn off the own authenticator (password required)' })
  async disable(@Body() body: MfaDisableRequestDto): Promise<{ success: boolean }> {
    await this.mfa.disable(body.password);
    return { success: true };
  }

  @Get('mfa/administrators')
  @Access('mfa:reset')
  @ApiOkResponse({ type: MfaAdministratorsDto })
  @ApiOperation({ summary: "The client's HR (and an agent's fellow agents) with whether each has an authenticator, and whether the client requires one of its HR" })
  administrators(): Promise<MfaAdministrators> {
    return this.mfa.administrators();
  }

  @Post('mfa/administrators/:id/reset')
  @HttpCode(200)
  @Access('mfa:reset')
  @ApiOkResponse({ type: OkResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'Not an administrator of this client (or agency)' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Oneself, or none set up' })
  @ApiOperation({ summary: "Reset another administrator's authenticator and recovery codes (they lost both); audited" })
  async reset(@Param('id', AdministratorIdPipe) id: number): Promise<{ success: boolean }> {
    await this.mfa.reset(id);
    return { success: true };
  }

  @Put('mfa/requirement')
  @Access('mfa:require')
  @ApiOkResponse({ type: OkResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Whether the open client requires an authenticator of its HR (agents); audited' })
  async setRequirement(@Body() body: MfaRequirementRequestDto): Promise<{ success: boolean }> {
    await this.mfa.setRequirement(body.requiredForHr);
    return { success: true };
  }
}
