import { Body, Controller, Delete, Get, Param, Post, Put, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { createZodDto } from '../../core/http/zod-dto';
import { BeneficiaryMessages, ZBeneficiary, ZBeneficiaryList, ZBeneficiaryPersonal, ZBeneficiaryRequestBase, type Beneficiary, type BeneficiaryPersonal } from '../../contracts/beneficiaries';
import { ZOkResponse } from '../../contracts/common';
import { Access } from '../../core/auth/access.decorator';
import type { AuthUser } from '../../core/auth/auth-user';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import { idPipe } from '../../core/http/id.pipe';
import { ErrorResponseDto } from '../../core/http/common.dto';
import { EmployeeIdPipe } from '../employees/employee-id.pipe';
import { SecuredDataUnlock } from '../secured-data/secured-data-unlock.guard';
import { BeneficiariesService } from './beneficiaries.service';

class BeneficiaryDto extends createZodDto(ZBeneficiary) {}
class BeneficiaryListDto extends createZodDto(ZBeneficiaryList) {}
class BeneficiaryRequestDto extends createZodDto(ZBeneficiaryRequestBase) {}
class BeneficiaryPersonalDto extends createZodDto(ZBeneficiaryPersonal) {}
class OkDto extends createZodDto(ZOkResponse) {}

const BeneficiaryIdPipe = idPipe(BeneficiaryMessages.notFound);

const RULES =
  "Every rule of document 2 section 5 in errors[]: 'Field is required' for firstName, lastName, relationshipTypeId, beneficiaryType, " +
  "birthDate and ssn; share: 'Choose type of share', 'You already spent it' or 'From 1 to {max}' (max = what the other beneficiaries of the type left).";

/** Bodies are read as unknown and validated by the service against the other beneficiaries' shares. */
@ApiTags('beneficiaries')
@Controller()
export class BeneficiariesController {
  constructor(private readonly beneficiaries: BeneficiariesService) {}

  @Get('beneficiaries')
  @Access('self:employee')
  @ApiOkResponse({ type: BeneficiaryListDto, description: 'Primary first, then contingent and tertiary; SSNs masked' })
  @ApiOperation({ summary: 'The signed-in employee\'s beneficiaries' })
  list(@CurrentUser() user: AuthUser): Promise<Beneficiary[]> {
    return this.beneficiaries.list(user);
  }

  @Post('beneficiaries')
  @Access('self:employee')
  @ApiBody({ type: BeneficiaryRequestDto })
  @ApiCreatedResponse({ type: BeneficiaryDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: RULES })
  @ApiOperation({ summary: 'Add a beneficiary' })
  create(@CurrentUser() user: AuthUser, @Body() body: unknown, @Req() req: Request): Promise<Beneficiary> {
    return this.beneficiaries.create(user, body, req.ip ?? null);
  }

  // Before /beneficiaries/:id, so "personal" is never taken for an id.
  /** Clear SSNs of the caller's beneficiaries after the password prompt. */
  @Post('beneficiaries/personal')
  @Access('self:employee')
  @SecuredDataUnlock()
  @ApiOkResponse({ type: BeneficiaryPersonalDto })
  @ApiOperation({ summary: 'Unlock the beneficiaries\' clear SSNs (password required, audited)' })
  personal(@CurrentUser() user: AuthUser, @Req() req: Request): Promise<BeneficiaryPersonal> {
    return this.beneficiaries.personal(user, req.ip ?? null);
  }

  @Get('beneficiaries/:id')
  @Access('self:employee')
  @ApiOkResponse({ type: BeneficiaryDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'One beneficiary' })
  get(@CurrentUser() user: AuthUser, @Param('id', BeneficiaryIdPipe) id: number): Promise<Beneficiary> {
    return this.beneficiaries.get(user, id);
  }

  @Put('beneficiaries/:id')
  @Access('self:employee')
  @ApiBody({ type: BeneficiaryRequestDto, description: 'The masked SSN the API answered keeps the stored one' })
  @ApiOkResponse({ type: BeneficiaryDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: RULES })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Update a beneficiary' })
  update(@CurrentUser() user: AuthUser, @Param('id', BeneficiaryIdPipe) id: number, @Body() body: unknown, @Req() req: Request): Promise<Beneficiary> {
    return this.beneficiaries.update(user, id, body, req.ip ?? null);
  }

  @Delete('beneficiaries/:id')
  @Access('self:employee')
  @ApiOkResponse({ type: OkDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Remove a beneficiary' })
  async remove(@CurrentUser() user: AuthUser, @Param('id', BeneficiaryIdPipe) id: number, @Req() req: Request): Promise<{ success: boolean }> {
    await this.beneficiaries.remove(user, id, req.ip ?? null);
    return { success: true };
  }

  /** Census Beneficiaries tab: HR of the employee's own client (another client's employee is not found). */
  @Get('employees/:id/beneficiaries')
  @Access('employees:read')
  @ApiOkResponse({ type: BeneficiaryListDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'An employee\'s beneficiaries (census)' })
  forEmployee(@CurrentUser() user: AuthUser, @Param('id', EmployeeIdPipe) id: number): Promise<Beneficiary[]> {
    return this.beneficiaries.listForEmployee(user, id);
  }
}
