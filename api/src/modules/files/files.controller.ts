import { Controller, Get, Header, Param, StreamableFile } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { PlanMessages } from '../../contracts/plans';
import { Access } from '../../core/auth/access.decorator';
import { idPipe } from '../../core/http/id.pipe';
import { ErrorResponseDto } from '../../core/http/common.dto';
import { fileResponse, FilesService } from './files.service';

const FileIdPipe = idPipe(PlanMessages.fileNotFound);

@ApiTags('files')
@Controller('files')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  /** The file's bytes, shown inline (the site opens it in a new window). */
  @Get(':id/download')
  @Access('user')
  @Header('Cache-Control', 'private, no-store')
  @ApiProduces('application/pdf', 'application/octet-stream')
  @ApiOkResponse({ description: 'The file', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } }, 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Download a file the caller may see' })
  async download(@Param('id', FileIdPipe) id: number): Promise<StreamableFile> {
    return fileResponse(await this.files.download(id));
  }
}
