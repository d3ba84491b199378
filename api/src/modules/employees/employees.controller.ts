import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from '../../core/http/zod-dto';
import { ZUsernameValidationQuery, ZUsernameValidationResponse } from '../../contracts/account';
import { ZEmployeeListPage, ZEmployeeListQuery, ZPersonalData, type EmployeeListPage, type PersonalData } from '../../contracts/employees';
import { ZEmployeeProfile, ZEmployeeProfileRequest, type EmployeeProfile } from '../../contracts/profile';
import { Access } from '../../core/auth/access.decorator';
import { ErrorResponseDto } from '../../core/http/common.dto';
import { SecuredDataUnlock } from '../secured-data/secured-data-unlock.guard';
import { EmployeeIdPipe } from './employee-id.pipe';
import { EmployeeProfileService } from './employee-profile.service';
import { EmployeesService } from './employees.service';

class EmployeeListQueryDto extends createZodDto(ZEmployeeListQuery) {}
class EmployeeListDto extends createZodDto(ZEmployeeListPage) {}
class UsernameValidationQueryDto extends createZodDto(ZUsernameValidationQuery) {}
class UsernameValidationResponseDto extends createZodDto(ZUsernameValidationResponse) {}
class PersonalDataDto extends createZodDto(ZPersonalData) {}
class EmployeeProfileDto extends createZodDto(ZEmployeeProfile) {}
class EmployeeProfileRequestDto extends createZodDto(ZEmployeeProfileRequest) {}

@ApiTags('employees')
@Controller()
export class EmployeesController {
  constructor(
    private readonly employees: EmployeesService,
    private readonly profiles: EmployeeProfileService,
  ) {}

  /** The token's own employee profile: SSN masked, income left to POST /employee/personal. */
  @Get('employee')
  @Access('self:employee')
  @ApiOkResponse({ type: EmployeeProfileDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'The account has no employee record' })
  @ApiOperation({ summary: 'The signed-in employee\'s profile (SSN masked)' })
  profile(): Promise<EmployeeProfile> {
    return this.profiles.get();
  }

  /** Registration step 2 and Edit Profile: every field of the profile form, audited in the same transaction. */
  @Put('employee')
  @Access('self:employee')
  @ApiOkResponse({ type: EmployeeProfileDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Field messages in errors[]' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'The account has no employee record' })
  @ApiOperation({ summary: 'Update the signed-in employee\'s profile' })
  updateProfile(@Body() body: EmployeeProfileRequestDto): Promise<EmployeeProfile> {
    return this.profiles.update(body);
  }

  /** The Employee Census left list of the token's client. */
  @Get('employees')
  @Access('employees:read')
  @ApiOkResponse({ type: EmployeeListDto })
  @ApiOperation({ summary: 'One page of the census of the open client (search, group, page, perPage)' })
  list(@Query() query: EmployeeListQueryDto): Promise<EmployeeListPage> {
    return this.employees.list(query);
  }

  /**
   * The census's Add Employee form: HR or an agent of the open client only, so no stranger
   * can learn who has an account. Registration asks GET /registration/validate with its link's token instead.
   */
  @Get('employees/validate')
  @Access('employees:read')
  @ApiOkResponse({ type: UsernameValidationResponseDto })
  @ApiOperation({ summary: 'Check whether a username or email is free' })
  async validate(@Query() query: UsernameValidationQueryDto): Promise<{ success: boolean }> {
    return { success: await this.employees.validateUsername(query.username, null) };
  }

  /** The census edit form: the employee's own current address counts as available. */
  @Get('employees/:id/validate')
  @Access('employees:read')
  @ApiOkResponse({ type: UsernameValidationResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Check whether a username or email is free for an employee\'s account' })
  async validateFor(@Param('id', EmployeeIdPipe) id: number, @Query() query: UsernameValidationQueryDto): Promise<{ success: boolean }> {
    return { success: await this.employees.validateUsername(query.username, id) };
  }

  /** The census Personal tab: an employee of the acting client (SSN masked); another client's answers 404. */
  @Get('employees/:id')
  @Access('employees:read')
  @ApiOkResponse({ type: EmployeeProfileDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: "An employee's personal data (census)" })
  employee(@Param('id', EmployeeIdPipe) id: number): Promise<EmployeeProfile> {
    return this.profiles.get(id);
  }

  /** The census lock: an employee's clear SSN and income for HR after the password prompt (audited). */
  @Post('employees/:id/personal')
  @Access('employees:read')
  @SecuredDataUnlock()
  @ApiOkResponse({ type: PersonalDataDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: "Unlock an employee's clear SSN and income (census; password required, audited)" })
  employeePersonal(@Param('id', EmployeeIdPipe) id: number): Promise<PersonalData> {
    return this.employees.personalData(id);
  }

  /** Clear SSN and income of the signed-in employee (or the impersonated one) after the password prompt. */
  @Post('employee/personal')
  @Access('self:employee')
  @SecuredDataUnlock()
  @ApiOkResponse({ type: PersonalDataDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'The account has no employee record' })
  @ApiOperation({ summary: 'Unlock the clear SSN and income (password required, audited)' })
  personal(): Promise<PersonalData> {
    return this.employees.personalData();
  }
}
