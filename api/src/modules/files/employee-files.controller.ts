import { Body, Controller, Get, Param, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBadRequestResponse, ApiBody, ApiConsumes, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiPayloadTooLargeResponse, ApiTags } from '@nestjs/swagger';
import { FILE_MAX_BYTES, ZEmployeeFile, ZEmployeeFileList, type EmployeeFile } from '../../contracts/files';
import { Access } from '../../core/auth/access.decorator';
import { ErrorResponseDto } from '../../core/http/common.dto';
import { createZodDto } from '../../core/http/zod-dto';
import { EmployeeIdPipe } from '../employees/employee-id.pipe';
import { FilesService } from './files.service';

class EmployeeFileDto extends createZodDto(ZEmployeeFile) {}
class EmployeeFileListDto extends createZodDto(ZEmployeeFileList) {}

/** The census Files tab (document 3 sections 2.1 and 7): an employee's personal files, for HR of the client. */
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
  // One byte over the limit still arrives, so the service can answer the spec's message; more is cut off by multer.
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: FILE_MAX_BYTES + 1, files: 1 } }))
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { title: { type: 'string' }, file: { type: 'string', format: 'binary' } }, required: ['title', 'file'] } })
  @ApiCreatedResponse({ type: EmployeeFileDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: "'Upload file error', a missing title, or a kind of file the portal does not keep (read from the bytes)" })
  @ApiPayloadTooLargeResponse({ type: ErrorResponseDto, description: "'File size should be less than 10mb'" })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Add a file to an employee (census; one file, at most 10,000,000 bytes)' })
  upload(@Param('id', EmployeeIdPipe) id: number, @Body('title') title: unknown, @UploadedFile() file: { buffer: Buffer; size: number } | undefined): Promise<EmployeeFile> {
    return this.files.uploadForEmployee(id, title, file);
  }
}
