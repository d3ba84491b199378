import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from '../../core/http/zod-dto';
import { ZOkResponse } from '../../contracts/common';
import {
  ZDependent,
  ZDependentAddressesUpdateRequest,
  ZDependentAddressList,
  ZDependentAddressRequest,
  ZDependentList,
  ZDependentPersonal,
  ZDependentRequestBase,
  type Dependent,
  type DependentAddress,
  type DependentPersonal,
} from '../../contracts/dependents';
import { Access } from '../../core/auth/access.decorator';
import { ErrorResponseDto } from '../../core/http/common.dto';
import { EmployeeIdPipe } from '../employees/employee-id.pipe';
import { SecuredDataUnlock } from '../secured-data/secured-data-unlock.guard';
import { DependentIdPipe } from './dependent-id.pipe';
import { DependentsService } from './dependents.service';

class DependentDto extends createZodDto(ZDependent) {}
class DependentListDto extends createZodDto(ZDependentList) {}
class DependentRequestDto extends createZodDto(ZDependentRequestBase) {}
class DependentAddressRequestDto extends createZodDto(ZDependentAddressRequest) {}
class DependentAddressesUpdateDto extends createZodDto(ZDependentAddressesUpdateRequest) {}
class DependentAddressListDto extends createZodDto(ZDependentAddressList) {}
class DependentPersonalDto extends createZodDto(ZDependentPersonal) {}
class OkDto extends createZodDto(ZOkResponse) {}

const RULES =
  "Every rule in errors[]: required fields, 'Invalid SSN format' or the 000-00-0000 message for a child under 1 " +
  '(when the client requires SSNs), lastNameReasonId for a child with another last name, Totally disabled only for a child.';

/**
 * Bodies that depend on the household (the employee's last name, the client's requireSsn) are read as
 * unknown and validated by the service with the full rule set, so every message comes in one answer.
 */
@ApiTags('dependents')
@Controller()
export class DependentsController {
  constructor(private readonly dependents: DependentsService) {}

  @Get('dependents')
  @Access('self:employee')
  @ApiOkResponse({ type: DependentListDto })
  @ApiOperation({ summary: 'The signed-in employee\'s dependents' })
  list(): Promise<Dependent[]> {
    return this.dependents.list();
  }

  @Post('dependents')
  @Access('self:employee')
  @ApiBody({ type: DependentRequestDto })
  @ApiCreatedResponse({ type: DependentDto, description: 'The new dependent: id, individualId, ssn (masked) and the rest' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: RULES })
  @ApiOperation({ summary: 'Add a dependent' })
  create(@Body() body: unknown): Promise<Dependent> {
    return this.dependents.create(body);
  }

  // Fixed paths before /dependents/:id, so "addresses" and "personal" are never taken for an id.
  @Get('dependents/addresses')
  @Access('self:employee')
  @ApiOkResponse({ type: DependentAddressListDto })
  @ApiOperation({ summary: 'The dependents\' addresses for the Dependents step' })
  addresses(): Promise<DependentAddress[]> {
    return this.dependents.addresses();
  }

  @Put('dependents/addresses/update')
  @Access('self:employee')
  @ApiBody({ type: DependentAddressesUpdateDto })
  @ApiOkResponse({ type: DependentAddressListDto, description: 'Every dependent address after the change' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'An id that is not one of your dependents (nothing is changed)' })
  @ApiOperation({ summary: 'Update several dependents\' addresses at once' })
  updateAddresses(@Body() body: unknown): Promise<DependentAddress[]> {
    return this.dependents.updateAddresses(body);
  }

  /** Clear SSNs of the caller's dependents after the password prompt. */
  @Post('dependents/personal')
  @Access('self:employee')
  @SecuredDataUnlock()
  @ApiOkResponse({ type: DependentPersonalDto })
  @ApiOperation({ summary: 'Unlock the dependents\' clear SSNs (password required, audited)' })
  personal(): Promise<DependentPersonal> {
    return this.dependents.personal();
  }

  @Get('dependents/:id')
  @Access('self:employee')
  @ApiOkResponse({ type: DependentDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'One dependent' })
  get(@Param('id', DependentIdPipe) id: number): Promise<Dependent> {
    return this.dependents.get(id);
  }

  @Put('dependents/:id')
  @Access('self:employee')
  @ApiBody({ type: DependentRequestDto })
  @ApiOkResponse({ type: DependentDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: RULES })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Update a dependent' })
  update(@Param('id', DependentIdPipe) id: number, @Body() body: unknown): Promise<Dependent> {
    return this.dependents.update(id, body);
  }

  @Delete('dependents/:id')
  @Access('self:employee')
  @ApiOkResponse({ type: OkDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Remove a dependent' })
  async remove(@Param('id', DependentIdPipe) id: number): Promise<{ success: boolean }> {
    await this.dependents.remove(id);
    return { success: true };
  }

  @Put('dependents/:id/address')
  @Access('self:employee')
  @ApiBody({ type: DependentAddressRequestDto })
  @ApiOkResponse({ type: DependentDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Update one dependent\'s address' })
  updateAddress(@Param('id', DependentIdPipe) id: number, @Body() body: unknown): Promise<Dependent> {
    return this.dependents.updateAddress(id, body);
  }

  /** Census Dependents tab: HR of the employee's own client (another client's employee is not found). */
  @Get('employees/:id/dependents')
  @Access('employees:read')
  @ApiOkResponse({ type: DependentListDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'An employee\'s dependents (census)' })
  forEmployee(@Param('id', EmployeeIdPipe) id: number): Promise<Dependent[]> {
    return this.dependents.listForEmployee(id);
  }

  /** The census lock: the dependents' clear SSNs for HR after the password prompt (audited). */
  @Post('employees/:id/dependents/personal')
  @Access('employees:read')
  @SecuredDataUnlock()
  @ApiOkResponse({ type: DependentPersonalDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: "Unlock an employee's dependents' clear SSNs (census; password required, audited)" })
  personalForEmployee(@Param('id', EmployeeIdPipe) id: number): Promise<DependentPersonal> {
    return this.dependents.personal(id);
  }
}
