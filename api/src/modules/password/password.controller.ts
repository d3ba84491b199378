import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { ForgotPasswordResponse, QuestionResponse, SuccessMessage } from '../../contracts/account';
import { Access, AllowDuringPendingChange, AllowIdleSession } from '../../core/auth/access.decorator';
import { ErrorResponseDto, OkResponseDto } from '../../core/http/common.dto';
import {
  ChangePasswordRequestDto,
  ForgotPasswordRequestDto,
  ForgotPasswordResponseDto,
  QuestionResponseDto,
  ResetPasswordRequestDto,
  SecurityQuestionRequestDto,
  SuccessMessageDto,
  TokenRequestDto,
  VerifyPasswordRequestDto,
} from './password.dto';
import { PasswordService } from './password.service';

@ApiTags('password')
@Controller()
export class PasswordController {
  constructor(private readonly passwords: PasswordService) {}

  @Post('auth/forgot-password')
  @HttpCode(200)
  @Access('public')
  @ApiOkResponse({ type: ForgotPasswordResponseDto, description: 'The same answer for every address, whether or not an account uses it' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Not an email address' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Email a password reset link to a registered account (the answer never says whether one exists)' })
  forgotPassword(@Body() body: ForgotPasswordRequestDto): Promise<ForgotPasswordResponse> {
    return this.passwords.forgotPassword(body.email);
  }

  @Post('auth/question')
  @HttpCode(200)
  @Access('public')
  @ApiOkResponse({ type: QuestionResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: "'Token is not valid!'" })
  @ApiOperation({ summary: 'The reset link\'s security question' })
  question(@Body() body: TokenRequestDto): Promise<QuestionResponse> {
    return this.passwords.question(body.token);
  }

  @Post('auth/reset-password')
  @HttpCode(200)
  @Access('public')
  @ApiOkResponse({ type: SuccessMessageDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: "'Token is not valid!'" })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: "'Wrong answer!' (the fifth burns the link)" })
  @ApiOperation({ summary: 'Set a new password from the reset link (ends every session)' })
  resetPassword(@Body() body: ResetPasswordRequestDto): Promise<SuccessMessage> {
    return this.passwords.resetPassword(body);
  }

  @Post('password')
  @HttpCode(200)
  @Access('user')
  @ApiOkResponse({ type: SuccessMessageDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: "'You provided wrong data' (old password), 'Password must match'" })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'While impersonating' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto })
  @AllowDuringPendingChange()
  @ApiOperation({ summary: 'Change the password (ends the other sessions)' })
  changePassword(@Body() body: ChangePasswordRequestDto): Promise<SuccessMessage> {
    return this.passwords.changePassword(body);
  }

  @Post('security-question')
  @HttpCode(200)
  @Access('user')
  @ApiOkResponse({ type: OkResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: "'You provided wrong data' (password of a voluntary change)" })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'While impersonating' })
  @AllowDuringPendingChange()
  @ApiOperation({ summary: 'Set the security question and answer' })
  async setSecurityQuestion(@Body() body: SecurityQuestionRequestDto): Promise<{ success: boolean }> {
    await this.passwords.setSecurityQuestion(body);
    return { success: true };
  }

  /** The session-expired modal: answers while the session is idle, and revives it. */
  @Post('auth/verify-password')
  @HttpCode(200)
  @Access('user')
  @AllowIdleSession()
  @ApiOkResponse({ type: OkResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: "message and developerMessage 'Incorrect password'" })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto })
  @AllowDuringPendingChange()
  @ApiOperation({ summary: 'Re-enter the password to resume an idle session' })
  async verifyPassword(@Body() body: VerifyPasswordRequestDto): Promise<{ success: boolean }> {
    await this.passwords.verifyPassword(body.password);
    return { success: true };
  }
}
