import { Controller, Get, Param, StreamableFile } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { TransactionMessages, ZTransactionPeriodList, ZTransactionReport, type TransactionPeriod, type TransactionReport } from '../../contracts/transactions';
import { Access } from '../../core/auth/access.decorator';
import { ErrorResponseDto } from '../../core/http/common.dto';
import { idPipe } from '../../core/http/id.pipe';
import { createZodDto } from '../../core/http/zod-dto';
import { TransactionsService } from './transactions.service';

class TransactionPeriodListDto extends createZodDto(ZTransactionPeriodList) {}
class TransactionReportDto extends createZodDto(ZTransactionReport) {}
const PeriodIdPipe = idPipe(TransactionMessages.noPeriodData);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Transactions. */
@ApiTags('transactions')
@Controller('transactions')
export class TransactionsController {
  constructor(private readonly transactions: TransactionsService) {}

  @Get()
  @Access('transactions:read')
  @ApiOkResponse({ type: TransactionPeriodListDto })
  @ApiOperation({ summary: 'The open-enrollment periods with their transactions report (ready once closed)' })
  list(): Promise<TransactionPeriod[]> {
    return this.transactions.list();
  }

  @Get(':id')
  @Access('transactions:read')
  @ApiOkResponse({ type: TransactionReportDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such period of the client, or not closed yet' })
  @ApiOperation({ summary: 'The changes of an open enrollment between its start and its close' })
  report(@Param('id', PeriodIdPipe) id: number): Promise<TransactionReport> {
    return this.transactions.report(id);
  }

  @Get(':id/download')
  @Access('transactions:read')
  @ApiProduces(XLSX)
  @ApiOkResponse({ description: 'The report as an xlsx workbook (file name in Content-Disposition)', content: { [XLSX]: { schema: { type: 'string', format: 'binary' } } } })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Download the transactions report' })
  async download(@Param('id', PeriodIdPipe) id: number): Promise<StreamableFile> {
    const file = await this.transactions.workbook(id);
    const name = `${file.title.replace(/[^A-Za-z0-9 ._-]/g, '').trim() || 'transactions'}.xlsx`;
    return new StreamableFile(file.data, { type: XLSX, disposition: `attachment; filename="${name}"`, length: file.data.length });
  }
}
