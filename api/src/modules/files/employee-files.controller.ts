import { Body, Controller, Get, Param, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiConsumes, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiPayloadTooLargeResponse, ApiTags } from '@nestjs/swagger';
import { ZEmployeeFile, ZEmployeeFileList, type EmployeeFile } from '../../contracts/files';
import { Access } from '../../core/auth/access.decorator';
import { ErrorResponseDto } from '../../core/http/common.dto';
import { createZodDto } from '../../core/http/zod-dto';
import { EmployeeIdPipe } from '../employees/employee-id.pipe';
import { FilesService } from './files.service';
import { StreamingUploadInterceptor, type StoredUpload } from './streaming-upload.interceptor';

class EmployeeFileDto extends createZodDto(ZEmployeeFile) {}
class EmployeeFileListDto extends createZodDto(ZEmployeeFileList) {}

/** The census Files tab: an employee's personal files, for HR of the client. */
@ApiTags('files')
@Controller()
export class EmployeeFilesController {
  constructor(private readonly files: FilesService) {}

  @Get('employees/:id/files')
  @Access('employees:read')
  @ApiOkResponse({ type: EmployeeFileListDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: "An employee's files (census)" })
  list(@Param('id', EmployeeIdPipe) id: number): Promise<EmployeeFile[]> {
    return this.files.listForEmployee(id);
  }

  @Post('employees/:id/files')
  @Access('employees:update')
  @UseInterceptors(StreamingUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { title: { type: 'string' }, file: { type: 'string', format: 'binary' } }, required: ['title', 'file'] } })
  @ApiCreatedResponse({ type: EmployeeFileDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: "'Upload file error', a missing title, or a kind of file the portal does not keep (read from the bytes)" })
  @ApiPayloadTooLargeResponse({ type: ErrorResponseDto, description: "'File size should be less than 10mb'" })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Add a file to an employee (census; one file, at most 10,000,000 bytes)' })
  upload(@Param('id', EmployeeIdPipe) id: number, @Body('title') title: unknown, @UploadedFile() file: StoredUpload | undefined): Promise<EmployeeFile> {
    return this.files.uploadForEmployee(id, title, file);
  }
}
