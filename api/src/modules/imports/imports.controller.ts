import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBody,
  type ApiBodyOptions,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import { ZCensusCommit, ZCensusPreview, ZImportProblems, ZRateSheetCommitResult, ZRateSheetPreview, type CensusPreview, type RateSheetCommitResult, type RateSheetPreview } from '../../contracts/imports';
import { PlanCatalogMessages } from '../../contracts/plan-catalog';
import { PREVIEW_SAMPLE_AGE } from '../../contracts/rate-sheet';
import { Access } from '../../core/auth/access.decorator';
import { ErrorResponseDto } from '../../core/http/common.dto';
import { idPipe } from '../../core/http/id.pipe';
import { createZodDto } from '../../core/http/zod-dto';
import { StreamingUploadInterceptor, type StoredUpload } from '../files/streaming-upload.interceptor';
import { ImportsService } from './imports.service';
import { writeCensusTemplate, writeRateSheetTemplate } from './workbook-io';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ImportIdPipe = idPipe(PlanCatalogMessages.importNotFound);

class RateSheetPreviewDto extends createZodDto(ZRateSheetPreview) {}
class RateSheetCommitResultDto extends createZodDto(ZRateSheetCommitResult) {}
class CensusPreviewDto extends createZodDto(ZCensusPreview) {}
class CensusCommitDto extends createZodDto(ZCensusCommit) {}
class ImportProblemsDto extends createZodDto(ZImportProblems) {}
class TemplateQueryDto extends createZodDto(z.object({ format: z.enum(['xlsx', 'csv']).optional() })) {}
class PreviewQueryDto extends createZodDto(z.object({ age: z.preprocess((v) => (v === undefined || v === '' ? undefined : Number(v)), z.number().int().min(16).max(100).optional()) })) {}

const UPLOAD_BODY: ApiBodyOptions = { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } };

function download(name: string, type: string, write: (out: PassThrough) => Promise<void>): StreamableFile {
  const out = new PassThrough();
  // The template is small and written as it is read; a failure ends the stream (the download breaks, nothing else).
  void write(out).catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return new StreamableFile(out, { type, disposition: `attachment; filename="${name}"` });
}

/**
 * A plan year's plans from a rate sheet, for the agent of the open client: the template,
 * the upload (checked whole: 422 with every problem by sheet, row and column), its preview priced by the
 * contribution engine, and the commit that replaces the plans of the period not started yet.
 */
@ApiTags('imports')
@Controller('rate-sheets')
export class RateSheetsController {
  constructor(private readonly imports: ImportsService) {}

  @Get('template')
  @Access('agency:manage-clients')
  @Header('Cache-Control', 'private, no-store')
  @ApiProduces(XLSX)
  @ApiOkResponse({ description: "'rate-sheet-template.xlsx'", content: { [XLSX]: { schema: { type: 'string', format: 'binary' } } } })
  @ApiOperation({ summary: 'The rate sheet template: every sheet and column, with an example plan line-up' })
  template(): StreamableFile {
    return download('rate-sheet-template.xlsx', XLSX, (out) => writeRateSheetTemplate(out));
  }

  @Post()
  @Access('agency:manage-clients')
  @UseInterceptors(StreamingUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody(UPLOAD_BODY)
  @ApiCreatedResponse({ type: RateSheetPreviewDto, description: 'The sheet is clean: kept for the commit, with its preview' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'No file, or not an xlsx workbook' })
  @ApiUnprocessableEntityResponse({ type: ImportProblemsDto, description: 'Every problem with its sheet, row, column and reason; nothing was kept' })
  @ApiPayloadTooLargeResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Upload a rate sheet (xlsx) and check it' })
  upload(@UploadedFile() file: StoredUpload | undefined): Promise<RateSheetPreview> {
    return this.imports.uploadRateSheet(file);
  }

  @Get(':id')
  @Access('agency:manage-clients')
  @ApiOkResponse({ type: RateSheetPreviewDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: "A checked rate sheet's preview: plans, tiers, and a sample employee's cost per paycheck and per year (?age=, 40 by default)" })
  preview(@Param('id', ImportIdPipe) id: number, @Query() query: PreviewQueryDto): Promise<RateSheetPreview> {
    return this.imports.rateSheetPreview(id, query.age ?? PREVIEW_SAMPLE_AGE);
  }

  @Post(':id/commit')
  @HttpCode(200)
  @Access('agency:manage-clients')
  @ApiOkResponse({ type: RateSheetCommitResultDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'No period waiting to start, its plans in use, or this sheet committed already' })
  @ApiOperation({ summary: "Write the sheet's plans: they replace the plans of the period not started yet" })
  commit(@Param('id', ImportIdPipe) id: number): Promise<RateSheetCommitResult> {
    return this.imports.commitRateSheet(id);
  }
}

/** An employee list from a census file: Add New Employee for each row, by a job that records its progress. */
@ApiTags('imports')
@Controller('census-imports')
export class CensusImportsController {
  constructor(private readonly imports: ImportsService) {}

  @Get('template')
  @Access('employees:update')
  @Header('Cache-Control', 'private, no-store')
  @ApiProduces(XLSX, 'text/csv')
  @ApiOkResponse({ description: "'census-template.xlsx' (or .csv with ?format=csv)", content: { [XLSX]: { schema: { type: 'string', format: 'binary' } }, 'text/csv': { schema: { type: 'string' } } } })
  @ApiOperation({ summary: 'The census template: its headings and an example employee' })
  template(@Query() query: TemplateQueryDto): StreamableFile {
    return query.format === 'csv'
      ? download('census-template.csv', 'text/csv; charset=utf-8', (out) => writeCensusTemplate(out, 'csv'))
      : download('census-template.xlsx', XLSX, (out) => writeCensusTemplate(out, 'xlsx'));
  }

  @Post()
  @Access('employees:update')
  @UseInterceptors(StreamingUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody(UPLOAD_BODY)
  @ApiCreatedResponse({ type: CensusPreviewDto, description: 'Every row is clean: kept (sealed) for the commit' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'No file, or not xlsx or CSV' })
  @ApiUnprocessableEntityResponse({ type: ImportProblemsDto, description: "Every row's problems (Add New Employee's rules, emails in use); nothing was kept" })
  @ApiPayloadTooLargeResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Upload a census file (xlsx or CSV) and check it' })
  upload(@UploadedFile() file: StoredUpload | undefined): Promise<CensusPreview> {
    return this.imports.uploadCensus(file);
  }

  @Get(':id')
  @Access('employees:update')
  @ApiOkResponse({ type: CensusPreviewDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: "A checked census file's preview, and its commit's progress once asked" })
  preview(@Param('id', ImportIdPipe) id: number): Promise<CensusPreview> {
    return this.imports.censusPreview(id);
  }

  @Post(':id/commit')
  @HttpCode(202)
  @Access('employees:update')
  @ApiAcceptedResponse({ type: CensusPreviewDto, description: "The commit's job is queued: its progress (rows added of the file's) in progress; GET /census-imports/{id} follows it" })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Committed already, or its commit asked already' })
  @ApiOperation({
    summary:
      "Add New Employee for each row (sendEmail: the welcome email to each), as a job: a row that no longer passes (an email taken since the upload) stops it with the row's problem in progress.issues",
  })
  commit(@Param('id', ImportIdPipe) id: number, @Body() body: CensusCommitDto): Promise<CensusPreview> {
    return this.imports.commitCensus(id, body);
  }
}
