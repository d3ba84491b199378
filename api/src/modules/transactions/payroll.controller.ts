import { Body, Controller, Get, Param, Post, Query, StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { PayrollMessages, ZChangesQuery, ZDeductionExport, ZDeductionRequest, ZSignedChangeList, type DeductionExport, type SignedChangeList } from '../../contracts/payroll';
import { Access } from '../../core/auth/access.decorator';
import { ErrorResponseDto } from '../../core/http/common.dto';
import { idPipe } from '../../core/http/id.pipe';
import { createZodDto } from '../../core/http/zod-dto';
import { PayrollService } from './payroll.service';

class ChangesQueryDto extends createZodDto(ZChangesQuery) {}
class SignedChangeListDto extends createZodDto(ZSignedChangeList) {}
class DeductionRequestDto extends createZodDto(ZDeductionRequest) {}
class DeductionExportDto extends createZodDto(ZDeductionExport) {}
const ExportIdPipe = idPipe(PayrollMessages.exportMissing);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Signed changes at any time and payroll deduction files. */
@ApiTags('transactions')
@Controller('transactions')
export class PayrollController {
  constructor(private readonly payroll: PayrollService) {}

  @Get('changes')
  @Access('transactions:read')
  @ApiOkResponse({ type: SignedChangeListDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such started period of the client' })
  @ApiOperation({ summary: 'Every signed change with its effective date: an open enrollment so far (?periodId=), or signed between ?from= and ?to= (MM/DD/YYYY)' })
  changes(@Query() query: ChangesQueryDto): Promise<SignedChangeList> {
    return this.payroll.changes(query);
  }

  @Post('deductions')
  @Access('transactions:read')
  @ApiCreatedResponse({ type: DeductionExportDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: "Queue the payroll deduction file (xlsx or csv) of the pay period holding payDate; follow it at GET /transactions/deductions/{id}" })
  request(@Body() body: DeductionRequestDto): Promise<DeductionExport> {
    return this.payroll.requestDeductions(body);
  }

  @Get('deductions/:id')
  @Access('transactions:read')
  @ApiOkResponse({ type: DeductionExportDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'A payroll deduction file: its pay period and whether the workers have written it' })
  status(@Param('id', ExportIdPipe) id: number): Promise<DeductionExport> {
    return this.payroll.deductionStatus(id);
  }

  @Get('deductions/:id/download')
  @Access('transactions:read')
  @ApiProduces(XLSX, 'text/csv')
  @ApiOkResponse({
    description: 'The file (name in Content-Disposition); each download is audited',
    content: { [XLSX]: { schema: { type: 'string', format: 'binary' } }, 'text/csv': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Download a written payroll deduction file' })
  download(@Param('id', ExportIdPipe) id: number): Promise<StreamableFile> {
    return this.payroll.downloadDeductions(id);
  }
}
