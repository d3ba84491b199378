import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from '../../core/http/zod-dto';
import { BeneficiaryMessages, ZBeneficiary, ZBeneficiaryList, ZBeneficiaryPersonal, ZBeneficiaryRequestBase, type Beneficiary, type BeneficiaryPersonal } from '../../contracts/beneficiaries';
import { ZOkResponse } from '../../contracts/common';
import { Access } from '../../core/auth/access.decorator';
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
  "Every rule in errors[]: 'Field is required' for firstName, lastName, relationshipTypeId, beneficiaryType, " +
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
  list(): Promise<Beneficiary[]> {
    return this.beneficiaries.list();
  }

  @Post('beneficiaries')
  @Access('self:employee')
  @ApiBody({ type: BeneficiaryRequestDto })
  @ApiCreatedResponse({ type: BeneficiaryDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: RULES })
  @ApiOperation({ summary: 'Add a beneficiary' })
  create(@Body() body: unknown): Promise<Beneficiary> {
    return this.beneficiaries.create(body);
  }

  // Before /beneficiaries/:id, so "personal" is never taken for an id.
  /** Clear SSNs of the caller's beneficiaries after the password prompt. */
  @Post('beneficiaries/personal')
  @Access('self:employee')
  @SecuredDataUnlock()
  @ApiOkResponse({ type: BeneficiaryPersonalDto })
  @ApiOperation({ summary: 'Unlock the beneficiaries\' clear SSNs (password required, audited)' })
  personal(): Promise<BeneficiaryPersonal> {
    return this.beneficiaries.personal();
  }

  @Get('beneficiaries/:id')
  @Access('self:employee')
  @ApiOkResponse({ type: BeneficiaryDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'One beneficiary' })
  get(@Param('id', BeneficiaryIdPipe) id: number): Promise<Beneficiary> {
    return this.beneficiaries.get(id);
  }

  @Put('beneficiaries/:id')
  @Access('self:employee')
  @ApiBody({ type: BeneficiaryRequestDto, description: 'The masked SSN the API answered keeps the stored one' })
  @ApiOkResponse({ type: BeneficiaryDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: RULES })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Update a beneficiary' })
  update(@Param('id', BeneficiaryIdPipe) id: number, @Body() body: unknown): Promise<Beneficiary> {
    return this.beneficiaries.update(id, body);
  }

  @Delete('beneficiaries/:id')
  @Access('self:employee')
  @ApiOkResponse({ type: OkDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Remove a beneficiary' })
  async remove(@Param('id', BeneficiaryIdPipe) id: number): Promise<{ success: boolean }> {
    await this.beneficiaries.remove(id);
    return { success: true };
  }

  /** Census Beneficiaries tab: HR of the employee's own client (another client's employee is not found). */
  @Get('employees/:id/beneficiaries')
  @Access('employees:read')
  @ApiOkResponse({ type: BeneficiaryListDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'An employee\'s beneficiaries (census)' })
  forEmployee(@Param('id', EmployeeIdPipe) id: number): Promise<Beneficiary[]> {
    return this.beneficiaries.listForEmployee(id);
  }

  /** The census lock: the beneficiaries' clear SSNs and tax ids for HR after the password prompt (audited). */
  @Post('employees/:id/beneficiaries/personal')
  @Access('employees:read')
  @SecuredDataUnlock()
  @ApiOkResponse({ type: BeneficiaryPersonalDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: "Unlock an employee's beneficiaries' clear SSNs and tax ids (census; password required, audited)" })
  personalForEmployee(@Param('id', EmployeeIdPipe) id: number): Promise<BeneficiaryPersonal> {
    return this.beneficiaries.personal(id);
  }
}
