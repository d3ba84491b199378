import { Body, Controller, Get, Header, Param, Post, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiConsumes, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiPayloadTooLargeResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { ZDocumentFileList, ZEmployeeFile, type DocumentFile, type EmployeeFile } from '../../contracts/files';
import { PlanMessages } from '../../contracts/plans';
import { Access } from '../../core/auth/access.decorator';
import { idPipe } from '../../core/http/id.pipe';
import { ErrorResponseDto } from '../../core/http/common.dto';
import { createZodDto } from '../../core/http/zod-dto';
import { fileResponse, FilesService } from './files.service';
import { StreamingUploadInterceptor, type StoredUpload } from './streaming-upload.interceptor';

const FileIdPipe = idPipe(PlanMessages.fileNotFound);

class DocumentFileListDto extends createZodDto(ZDocumentFileList) {}
class UploadedFileDto extends createZodDto(ZEmployeeFile) {}

@ApiTags('files')
@Controller('files')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @Get()
  @Access('self:employee')
  @Header('Cache-Control', 'private, no-store')
  @ApiOkResponse({ type: DocumentFileListDto })
  @ApiOperation({ summary: "My Documents: the client's carrier forms and company files, and the caller's personal documents" })
  list(): Promise<DocumentFile[]> {
    return this.files.listMine();
  }

  @Post()
  @Access('self:employee')
  @UseInterceptors(StreamingUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { title: { type: 'string', description: "Defaults to the file's name" }, file: { type: 'string', format: 'binary' } }, required: ['file'] } })
  @ApiCreatedResponse({ type: UploadedFileDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: "'Upload file error', or a kind of file the portal does not keep (read from the bytes)" })
  @ApiPayloadTooLargeResponse({ type: ErrorResponseDto, description: "'File size should be less than 10mb'" })
  @ApiOperation({ summary: 'Add a personal document (one file, at most 10,000,000 bytes, streamed to storage)' })
  upload(@Body('title') title: unknown, @UploadedFile() file: StoredUpload | undefined): Promise<EmployeeFile> {
    return this.files.uploadMine(title, file);
  }

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
