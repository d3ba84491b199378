import { Body, Controller, Delete, Get, Header, Param, Post, Put, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiConflictResponse, ApiConsumes, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ZSignatureRequest } from '../../contracts/forms';
import {
  CustomDocumentMessages,
  OnboardingMessages,
  ZCustomDocument,
  ZCustomDocumentList,
  ZCustomDocumentRequest,
  ZEeo,
  ZEmployeeOnboarding,
  ZEeoRequest,
  ZI9,
  ZI9Documents,
  ZI9Request,
  ZOnboardingAccountRequest,
  ZOnboardingStatus,
  ZOnboardingStepRequest,
  ZPayrollMethod,
  ZPayrollMethodList,
  ZPayrollMethodRequest,
  ZPayrollSaveRequest,
  ZW4,
  ZW4Request,
  type CustomDocument,
  type Eeo,
  type EmployeeOnboarding,
  type I9,
  type I9Documents,
  type OnboardingStatus,
  type PayrollMethod,
  type W4,
} from '../../contracts/onboarding';
import { Access } from '../../core/auth/access.decorator';
import { ErrorResponseDto, OkResponseDto } from '../../core/http/common.dto';
import { idPipe } from '../../core/http/id.pipe';
import { createZodDto } from '../../core/http/zod-dto';
import { EmployeeIdPipe } from '../employees/employee-id.pipe';
import { fileResponse } from '../files/files.service';
import { SecuredDataUnlock } from '../secured-data/secured-data-unlock.guard';
import { OnboardingDocumentsService } from './onboarding-documents.service';
import { StreamingUploadInterceptor, type StoredUpload } from '../files/streaming-upload.interceptor';
import { OnboardingFormsService } from './onboarding-forms.service';
import { OnboardingProgressService } from './onboarding-progress.service';
import { PayrollService } from './payroll.service';

class OnboardingStatusDto extends createZodDto(ZOnboardingStatus) {}
class CustomDocumentDto extends createZodDto(ZCustomDocument) {}
class CustomDocumentListDto extends createZodDto(ZCustomDocumentList) {}
class CustomDocumentRequestDto extends createZodDto(ZCustomDocumentRequest) {}
class UploadedDto extends createZodDto(z.object({ fileId: z.number().int(), title: z.string() })) {}
class AttachedFilesDto extends createZodDto(z.array(z.object({ id: z.number().int(), title: z.string(), opened: z.boolean() }))) {}

class EmployeeOnboardingDto extends createZodDto(ZEmployeeOnboarding) {}
class OnboardingStepDto extends createZodDto(ZOnboardingStepRequest) {}
class OnboardingAccountDto extends createZodDto(ZOnboardingAccountRequest) {}
class I9Dto extends createZodDto(ZI9) {}
class I9RequestDto extends createZodDto(ZI9Request.in) {}
class I9DocumentsDto extends createZodDto(ZI9Documents) {}
class W4Dto extends createZodDto(ZW4) {}
class W4RequestDto extends createZodDto(ZW4Request.in) {}
class EeoDto extends createZodDto(ZEeo) {}
class EeoRequestDto extends createZodDto(ZEeoRequest) {}
class PayrollMethodDto extends createZodDto(ZPayrollMethod) {}
class PayrollMethodListDto extends createZodDto(ZPayrollMethodList) {}
class PayrollMethodRequestDto extends createZodDto(ZPayrollMethodRequest.in) {}
class PayrollSaveDto extends createZodDto(ZPayrollSaveRequest) {}
class SignatureRequestDto extends createZodDto(ZSignatureRequest) {}
class SignedDto extends createZodDto(z.object({ signedAt: z.string() })) {}
class BankLookupDto extends createZodDto(z.object({ bankName: z.string().nullable() })) {}
class PayrollPersonalDto extends createZodDto(z.array(z.object({ id: z.number().int(), routingNumber: z.string().nullable(), accountNumber: z.string().nullable() }))) {}

const PayrollIdPipe = idPipe(OnboardingMessages.methodNotFound);
const DocumentIdPipe = idPipe(CustomDocumentMessages.documentNotFound);

/** New-hire onboarding: the signed-in employee's own steps. Bodies are checked by the services' shared schemas. */
@ApiTags('onboarding')
@Controller()
export class OnboardingController {
  constructor(
    private readonly progress: OnboardingProgressService,
    private readonly forms: OnboardingFormsService,
    private readonly payroll: PayrollService,
    private readonly documents: OnboardingDocumentsService,
  ) {}

  @Get('onboarding')
  @Access('self:employee')
  @ApiOkResponse({ type: OnboardingStatusDto })
  @ApiOperation({ summary: 'The last onboarding step completed, the steps of this person and the final button' })
  status(): Promise<OnboardingStatus> {
    return this.progress.status();
  }

  @Put('onboarding')
  @Access('self:employee')
  @ApiBody({ type: OnboardingStepDto })
  @ApiOkResponse({ type: OkResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Not the next step, or the step is not complete: what is missing' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'Onboarding is not running for this account' })
  @ApiOperation({ summary: 'Record an onboarding step as completed (0 finishes)' })
  async record(@Body() body: OnboardingStepDto): Promise<{ success: boolean }> {
    await this.progress.record(body.step);
    return { success: true };
  }

  @Put('onboarding/account')
  @Access('self:employee')
  @ApiBody({ type: OnboardingAccountDto })
  @ApiOkResponse({ type: OkResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Account Settings does not apply to this account (or is done)' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Account Settings: the email and security question of a username account (first onboarding screen)' })
  async saveAccount(@Body() body: unknown): Promise<{ success: boolean }> {
    await this.progress.saveAccount(body);
    return { success: true };
  }

  @Get('onboarding/custom')
  @Access('self:employee')
  @ApiOkResponse({ type: CustomDocumentListDto, description: 'The client\'s documents with the employee\'s answers (SSN answers masked)' })
  @ApiOperation({ summary: 'Custom document steps' })
  customDocuments(): Promise<CustomDocument[]> {
    return this.documents.list();
  }

  @Put('onboarding/custom')
  @Access('self:employee')
  @ApiBody({ type: CustomDocumentRequestDto })
  @ApiOkResponse({ type: CustomDocumentDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Every rule of the document in errors[]' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Submit one document' })
  saveCustomDocument(@Body() body: unknown): Promise<CustomDocument> {
    return this.documents.save(body);
  }

  @Post('onboarding/custom/:id/file')
  @Access('self:employee')
  @UseInterceptors(StreamingUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } })
  @ApiCreatedResponse({ type: UploadedDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: "Upload the document's file (one file, at most 10,000,000 bytes)" })
  uploadForDocument(@Param('id', DocumentIdPipe) id: number, @UploadedFile() file: StoredUpload | undefined): Promise<{ fileId: number; title: string }> {
    return this.documents.upload(id, file);
  }

  @Get('onboarding/files')
  @Access('self:employee')
  @ApiOkResponse({ type: AttachedFilesDto })
  @ApiOperation({ summary: "The documents' attached files, with whether the employee opened each" })
  attachedFiles(): Promise<Array<{ id: number; title: string; opened: boolean }>> {
    return this.documents.attachedFiles();
  }

  @Get('onboarding/files/:id/download')
  @Access('self:employee')
  @Header('Cache-Control', 'private, no-store')
  @ApiProduces('application/pdf', 'application/octet-stream')
  @ApiOkResponse({ description: 'The file; opening it counts for requireFileView', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } }, 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Open an attached file of a document' })
  async openAttached(@Param('id', DocumentIdPipe) id: number): Promise<StreamableFile> {
    return fileResponse(await this.documents.openFile(id));
  }

  @Get('onboarding/i9')
  @Access('self:employee')
  @ApiOkResponse({ type: I9Dto, description: 'Identity numbers masked' })
  @ApiOperation({ summary: 'Employment eligibility (I-9)' })
  i9(): Promise<I9> {
    return this.forms.i9();
  }

  @Put('onboarding/i9')
  @Access('self:employee')
  @ApiBody({ type: I9RequestDto })
  @ApiOkResponse({ type: I9Dto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The field messages' })
  @ApiOperation({ summary: 'Save employment eligibility' })
  saveI9(@Body() body: unknown): Promise<I9> {
    return this.forms.saveI9(body);
  }

  @Get('onboarding/i9-docs')
  @Access('self:employee')
  @ApiOkResponse({ type: I9DocumentsDto })
  @ApiOperation({ summary: 'The acceptable I-9 documents, with the 3-day note' })
  i9Docs(): I9Documents {
    return this.forms.i9Documents();
  }

  @Get('onboarding/w4')
  @Access('self:employee')
  @ApiOkResponse({ type: W4Dto })
  @ApiOperation({ summary: 'Tax withholding (W-4)' })
  w4(): Promise<W4> {
    return this.forms.w4();
  }

  @Put('onboarding/w4')
  @Access('self:employee')
  @ApiBody({ type: W4RequestDto })
  @ApiOkResponse({ type: W4Dto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Save tax withholding' })
  saveW4(@Body() body: unknown): Promise<W4> {
    return this.forms.saveW4(body);
  }

  @Get('onboarding/eeo')
  @Access('self:employee')
  @ApiOkResponse({ type: EeoDto })
  @ApiOperation({ summary: 'EEO answers (all optional)' })
  eeo(): Promise<Eeo> {
    return this.forms.eeo();
  }

  @Put('onboarding/eeo')
  @Access('self:employee')
  @ApiBody({ type: EeoRequestDto })
  @ApiOkResponse({ type: EeoDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Save EEO answers' })
  saveEeo(@Body() body: unknown): Promise<Eeo> {
    return this.forms.saveEeo(body);
  }

  @Post('onboarding/signature')
  @Access('self:employee')
  @ApiBody({ type: SignatureRequestDto })
  @ApiCreatedResponse({ type: SignedDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'Onboarding is not running for this account' })
  @ApiOperation({ summary: 'Sign the onboarding (a PNG drawing, or a typed name drawn by the site)' })
  sign(@Body() body: unknown): Promise<{ signedAt: string }> {
    return this.progress.sign(body);
  }

  @Get('payroll')
  @Access('self:employee')
  @ApiOkResponse({ type: PayrollMethodListDto, description: 'In order; bank numbers masked' })
  @ApiOperation({ summary: 'Payroll methods' })
  payrollList(): Promise<PayrollMethod[]> {
    return this.payroll.list();
  }

  @Post('payroll')
  @Access('self:employee')
  @ApiBody({ type: PayrollMethodRequestDto })
  @ApiCreatedResponse({ type: PayrollMethodDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Add a payroll method' })
  payrollCreate(@Body() body: unknown): Promise<PayrollMethod> {
    return this.payroll.create(body);
  }

  @Put('payroll')
  @Access('self:employee')
  @ApiBody({ type: PayrollSaveDto })
  @ApiOkResponse({ type: PayrollMethodListDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: "'Total percentage must be 100%' or 'Please create payroll methods to continue'" })
  @ApiOperation({ summary: 'Save the payroll methods in order, applying the remaining-amount rules' })
  payrollSave(@Body() body: unknown): Promise<PayrollMethod[]> {
    return this.payroll.save(body);
  }

  // Before payroll/:id, so "personal" is never taken for an id.
  @Post('payroll/personal')
  @Access('self:employee')
  @SecuredDataUnlock()
  @ApiOkResponse({ type: PayrollPersonalDto })
  @ApiOperation({ summary: 'Unlock the clear routing and account numbers (password required, audited)' })
  payrollPersonal(): Promise<Array<{ id: number; routingNumber: string | null; accountNumber: string | null }>> {
    return this.payroll.personal();
  }

  @Put('payroll/:id')
  @Access('self:employee')
  @ApiBody({ type: PayrollMethodRequestDto })
  @ApiOkResponse({ type: PayrollMethodDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Change a payroll method' })
  payrollUpdate(@Param('id', PayrollIdPipe) id: number, @Body() body: unknown): Promise<PayrollMethod> {
    return this.payroll.update(id, body);
  }

  @Delete('payroll/:id')
  @Access('self:employee')
  @ApiOkResponse({ type: OkResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The first method cannot be deleted' })
  @ApiOperation({ summary: 'Remove a payroll method (not the first)' })
  async payrollRemove(@Param('id', PayrollIdPipe) id: number): Promise<{ success: boolean }> {
    await this.payroll.remove(id);
    return { success: true };
  }

  @Get('employees/:id/onboarding')
  @Access('employees:read')
  @ApiOkResponse({ type: EmployeeOnboardingDto, description: 'Read-only; identity and bank numbers masked' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: "An employee's onboarding answers (census)" })
  employeeOnboarding(@Param('id', EmployeeIdPipe) id: number): Promise<EmployeeOnboarding> {
    return this.progress.ofEmployee(id);
  }

  @Get('bank-lookup/:number')
  @Access('self:employee')
  @ApiOkResponse({ type: BankLookupDto, description: 'bankName null for a valid number the table does not know' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Not a valid routing number (ABA checksum)' })
  @ApiOperation({ summary: 'The bank of a routing number' })
  bankLookup(@Param('number') routingNumber: string): Promise<{ bankName: string | null }> {
    return this.payroll.bankName(routingNumber);
  }
}
