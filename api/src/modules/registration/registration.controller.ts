import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { JwtResponse, RegistrationProfile } from '../../contracts/account';
import { Access } from '../../core/auth/access.decorator';
import { ErrorResponseDto, OkResponseDto } from '../../core/http/common.dto';
import { EmployeeIdPipe } from '../employees/employee-id.pipe';
import {
  JwtResponseDto,
  RegistrationProfileDto,
  RegistrationQueryDto,
  RegistrationRequestDto,
  RegistrationUsernameQueryDto,
  RegistrationUsernameResponseDto,
} from './registration.dto';
import { RegistrationService } from './registration.service';

@ApiTags('registration')
@Controller()
export class RegistrationController {
  constructor(private readonly registration: RegistrationService) {}

  @Get('registration')
  @Access('public')
  @ApiOkResponse({ type: RegistrationProfileDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Unknown, used or expired token' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Already registered' })
  @ApiOperation({ summary: 'What the registration link shows (name, email, client)' })
  profile(@Query() query: RegistrationQueryDto): Promise<RegistrationProfile> {
    return this.registration.profile(query.token);
  }

  /** Account Setup of a username account checks the email it chooses: only with a valid link. */
  @Get('registration/validate')
  @Access('public')
  @ApiOkResponse({ type: RegistrationUsernameResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Unknown, used or expired token' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Already registered' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Check whether an email is free, inside a registration (its token)' })
  async validate(@Query() query: RegistrationUsernameQueryDto): Promise<{ success: boolean }> {
    return { success: await this.registration.addressFree(query.token, query.username) };
  }

  @Post('registration')
  @HttpCode(200)
  @Access('public')
  @ApiOkResponse({ type: JwtResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Unknown, used or expired token' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Already registered' })
  @ApiOperation({ summary: 'Account Setup from the welcome email: password and security question' })
  register(@Body() body: RegistrationRequestDto): Promise<JwtResponse> {
    return this.registration.register(body);
  }

  /** HR (re)sends the welcome email; a new link replaces the older ones. */
  @Post('employees/:id/welcome-email')
  @HttpCode(200)
  @Access('employees:update')
  @ApiOkResponse({ type: OkResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such employee in this client' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The employee has already registered' })
  @ApiOperation({ summary: 'Send (or resend) the welcome email to an employee' })
  async sendWelcome(@Param('id', EmployeeIdPipe) id: number): Promise<{ success: boolean }> {
    await this.registration.sendWelcome(id);
    return { success: true };
  }
}
