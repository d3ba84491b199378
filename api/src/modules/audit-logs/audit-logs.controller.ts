import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuditMessages, ZAuditDetails, ZAuditPage, ZAuditQuery, type AuditDetails, type AuditPage } from '../../contracts/audit';
import { Access } from '../../core/auth/access.decorator';
import { ErrorResponseDto } from '../../core/http/common.dto';
import { idPipe } from '../../core/http/id.pipe';
import { createZodDto } from '../../core/http/zod-dto';
import { AuditLogsService } from './audit-logs.service';

class AuditQueryDto extends createZodDto(ZAuditQuery) {}
class AuditPageDto extends createZodDto(ZAuditPage) {}
class AuditDetailsDto extends createZodDto(ZAuditDetails) {}

const EntryIdPipe = idPipe(AuditMessages.notFound);

/** My Audit Log (the employee's own entries) and the HR Audit Log (every entry of the client). */
@ApiTags('audit')
@Controller()
export class AuditLogsController {
  constructor(private readonly audits: AuditLogsService) {}

  @Get('audits-user')
  @Access('self:employee')
  @ApiOkResponse({ type: AuditPageDto })
  @ApiOperation({ summary: "The signed-in employee's audit log, paged and filtered" })
  mine(@Query() query: AuditQueryDto): Promise<AuditPage> {
    return this.audits.page('user', ZAuditQuery.parse(query));
  }

  @Get('audits-user/:id')
  @Access('self:employee')
  @ApiOkResponse({ type: AuditDetailsDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Log Details of one of the employee\'s entries' })
  myDetails(@Param('id', EntryIdPipe) id: number): Promise<AuditDetails> {
    return this.audits.details('user', id);
  }

  @Get('audits-hr')
  @Access('audit:read')
  @ApiOkResponse({ type: AuditPageDto })
  @ApiOperation({ summary: "The client's audit log (HR), paged and filtered" })
  all(@Query() query: AuditQueryDto): Promise<AuditPage> {
    return this.audits.page('hr', ZAuditQuery.parse(query));
  }

  @Get('audits-hr/:id')
  @Access('audit:read')
  @ApiOkResponse({ type: AuditDetailsDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Log Details of one entry of the client' })
  details(@Param('id', EntryIdPipe) id: number): Promise<AuditDetails> {
    return this.audits.details('hr', id);
  }
}
