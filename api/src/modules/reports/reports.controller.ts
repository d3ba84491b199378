import { Body, Controller, Delete, Get, Param, Post, Put, Query, StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import {
  ReportMessages,
  ZReportExport,
  ZReportExportRequest,
  ZReportList,
  ZReportListItem,
  ZReportListQuery,
  ZReportSave,
  ZReportView,
  ZReportViewQuery,
  type ReportExport,
  type ReportListItem,
  type ReportView,
} from '../../contracts/reports';
import { StatusDashboardMessages, ZDashboardExportQuery } from '../../contracts/status-dashboard';
import { Access } from '../../core/auth/access.decorator';
import { ErrorResponseDto, OkResponseDto } from '../../core/http/common.dto';
import { idPipe } from '../../core/http/id.pipe';
import { createZodDto } from '../../core/http/zod-dto';
import { ReportsService } from './reports.service';

class ReportListDto extends createZodDto(ZReportList) {}
class ReportListItemDto extends createZodDto(ZReportListItem) {}
class ReportListQueryDto extends createZodDto(ZReportListQuery) {}
class ReportViewDto extends createZodDto(ZReportView) {}
class ReportViewQueryDto extends createZodDto(ZReportViewQuery) {}
class ReportSaveDto extends createZodDto(ZReportSave) {}
class ReportExportDto extends createZodDto(ZReportExport) {}
class ReportExportRequestDto extends createZodDto(ZReportExportRequest) {}
const ReportIdPipe = idPipe(ReportMessages.infoFailed);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ExportIdPipe = idPipe(ReportMessages.downloadFailed);
const PeriodIdPipe = idPipe(StatusDashboardMessages.noInformation);
class DashboardExportQueryDto extends createZodDto(ZDashboardExportQuery) {}

/** HR reports. */
@ApiTags('reports')
@Controller('reports')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Get()
  @Access('reports:run')
  @ApiOkResponse({ type: ReportListDto })
  @ApiOperation({ summary: "Stock reports ('0', read-only) and the client's own ('1'), searched by title" })
  list(@Query() query: ReportListQueryDto): Promise<ReportListItem[]> {
    return this.reports.list(query.search);
  }

  @Post()
  @Access('reports:run')
  @ApiCreatedResponse({ type: ReportListItemDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Save a new report from the report builder (also a copy of a stock report)' })
  create(@Body() body: ReportSaveDto): Promise<ReportListItem> {
    return this.reports.save(body, null);
  }

  @Get('exports/:id')
  @Access('reports:run')
  @ApiOkResponse({ type: ReportExportDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'How far the xlsx of a report is (the reports worker writes it)' })
  exportStatus(@Param('id', ExportIdPipe) id: number): Promise<ReportExport> {
    return this.reports.exportStatus(id);
  }

  @Get('exports/:id/file')
  @Access('reports:run')
  @ApiProduces(XLSX)
  @ApiOkResponse({ description: "'title.xlsx'", content: { [XLSX]: { schema: { type: 'string', format: 'binary' } } } })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'The finished xlsx of a report' })
  exportFile(@Param('id', ExportIdPipe) id: number): Promise<StreamableFile> {
    return this.reports.download(id);
  }

  @Get(':id')
  @Access('reports:run')
  @ApiOkResponse({ type: ReportViewDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiUnprocessableEntityResponse({ type: ErrorResponseDto, description: "The stored definition names a column, sort or filter its dataset does not offer (changed outside the builder): edit it" })
  @ApiOperation({ summary: 'A report: layout, data sorted on the server (orderBy, orderDirection), sort' })
  view(@Param('id', ReportIdPipe) id: number, @Query() query: ReportViewQueryDto): Promise<ReportView> {
    return this.reports.view(id, query.orderBy, query.orderDirection);
  }

  @Put(':id')
  @Access('reports:run')
  @ApiOkResponse({ type: ReportListItemDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'A stock report: copy it first' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: "Change one of the client's own reports" })
  update(@Param('id', ReportIdPipe) id: number, @Body() body: ReportSaveDto): Promise<ReportListItem> {
    return this.reports.save(body, id);
  }

  @Delete(':id')
  @Access('reports:run')
  @ApiOkResponse({ type: OkResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: "'Cannot delete report' (a stock report)" })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: "Delete one of the client's own reports" })
  remove(@Param('id', ReportIdPipe) id: number): Promise<{ success: boolean }> {
    return this.reports.remove(id);
  }

  /** GET /reports/{id}/download in the documents starts the export; the file follows at exports/{id}/file. */
  @Post(':id/download')
  @Access('reports:run')
  @ApiCreatedResponse({ type: ReportExportDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiUnprocessableEntityResponse({ type: ErrorResponseDto, description: "The stored definition names a column, sort or filter its dataset does not offer (changed outside the builder): edit it" })
  @ApiOperation({ summary: "Queue the report's xlsx (same optional sort); follow it at GET /reports/exports/{id}" })
  download(@Param('id', ReportIdPipe) id: number, @Query() query: ReportExportRequestDto): Promise<ReportExport> {
    return this.reports.startExport(id, query.orderBy, query.orderDirection);
  }
}

/** The Status Dashboard's Download, written by the reports worker like a report. */
@ApiTags('status-dashboard')
@Controller('dashboards')
export class DashboardExportsController {
  constructor(private readonly reports: ReportsService) {}

  @Post(':id/download')
  @Access('status:read')
  @ApiCreatedResponse({ type: ReportExportDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: "Queue a period's status dashboard as csv or xlsx (?format=); follow it at GET /reports/exports/{id}" })
  download(@Param('id', PeriodIdPipe) id: number, @Query() query: DashboardExportQueryDto): Promise<ReportExport> {
    return this.reports.startDashboardExport(id, query.format);
  }
}
