import { Body, Controller, Delete, Get, Param, Post, Put, StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CarrierFeedMessages, ZCarrier, ZCarrierFileAsk, ZCarrierFileList, ZCarrierFileRequest, ZCarrierInput, ZCarrierList, type Carrier, type CarrierFile, type CarrierFileRequest } from '../../contracts/carrier-feeds';
import { Access } from '../../core/auth/access.decorator';
import { ErrorResponseDto, OkResponseDto } from '../../core/http/common.dto';
import { idPipe } from '../../core/http/id.pipe';
import { createZodDto } from '../../core/http/zod-dto';
import { CarrierFilesService, type WrittenFile } from './carrier-files.service';
import { CarriersService } from './carriers.service';

class CarrierDto extends createZodDto(ZCarrier) {}
class CarrierListDto extends createZodDto(ZCarrierList) {}
class CarrierInputDto extends createZodDto(ZCarrierInput) {}
class CarrierFileListDto extends createZodDto(ZCarrierFileList) {}
class CarrierFileAskDto extends createZodDto(ZCarrierFileAsk) {}
class CarrierFileRequestDto extends createZodDto(ZCarrierFileRequest) {}
const CarrierIdPipe = idPipe(CarrierFeedMessages.notFound);
const FileIdPipe = idPipe(CarrierFeedMessages.noFile);
const RequestIdPipe = idPipe(CarrierFeedMessages.noRequest);
const EDI = 'application/edi-x12';

const ediFile = (f: WrittenFile): StreamableFile => {
  const data = Buffer.from(f.edi, 'utf8');
  // The file holds SSNs: never cached anywhere on its way.
  return new StreamableFile(data, { type: EDI, disposition: `attachment; filename="${f.name}"`, length: data.length });
};

/** Carriers of the client and their EDI 834 files. */
@ApiTags('carriers')
@Controller('carriers')
export class CarrierFeedsController {
  constructor(
    private readonly carriers: CarriersService,
    private readonly carrierFiles: CarrierFilesService,
  ) {}

  @Get()
  @Access('transactions:read')
  @ApiOkResponse({ type: CarrierListDto })
  @ApiOperation({ summary: 'The carriers of the client with their EDI identifiers and file schedule' })
  list(): Promise<Carrier[]> {
    return this.carriers.list();
  }

  @Post()
  @Access('carriers:manage')
  @ApiCreatedResponse({ type: CarrierDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Another carrier of the client has the name' })
  @ApiOperation({ summary: 'Add a carrier (audited)' })
  create(@Body() body: CarrierInputDto): Promise<Carrier> {
    return this.carriers.create(body);
  }

  @Get(':id')
  @Access('transactions:read')
  @ApiOkResponse({ type: CarrierDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'One carrier' })
  one(@Param('id', CarrierIdPipe) id: number): Promise<Carrier> {
    return this.carriers.get(id);
  }

  @Put(':id')
  @Access('carriers:manage')
  @ApiOkResponse({ type: CarrierDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Change a carrier (audited)' })
  update(@Param('id', CarrierIdPipe) id: number, @Body() body: CarrierInputDto): Promise<Carrier> {
    return this.carriers.update(id, body);
  }

  @Delete(':id')
  @Access('carriers:manage')
  @ApiOkResponse({ type: OkResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Delete a carrier (audited; the records of its files stay)' })
  async remove(@Param('id', CarrierIdPipe) id: number): Promise<{ success: boolean }> {
    await this.carriers.remove(id);
    return { success: true };
  }

  @Get(':id/files')
  @Access('transactions:read')
  @ApiOkResponse({ type: CarrierFileListDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'The files written for the carrier (weekly ones can be downloaded again)' })
  files(@Param('id', CarrierIdPipe) id: number): Promise<CarrierFile[]> {
    return this.carrierFiles.files(id);
  }

  @Post(':id/834')
  @Access('transactions:read')
  @ApiCreatedResponse({ type: CarrierFileRequestDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({
    summary:
      'Ask the workers for the full file or the changes since the last file sent to the carrier (audited); follow it at GET /carriers/{id}/834/{requestId}, then download its fileId',
  })
  requestFile(@Param('id', CarrierIdPipe) id: number, @Body() body: CarrierFileAskDto): Promise<CarrierFileRequest> {
    return this.carrierFiles.requestFile(id, body.kind);
  }

  @Get(':id/834/:requestId')
  @Access('transactions:read')
  @ApiOkResponse({ type: CarrierFileRequestDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'A requested 834: whether the workers have written it, and its file once they have' })
  requestStatus(@Param('id', CarrierIdPipe) id: number, @Param('requestId', RequestIdPipe) requestId: number): Promise<CarrierFileRequest> {
    return this.carrierFiles.requestStatus(id, requestId);
  }

  @Get(':id/files/:fileId/download')
  @Access('transactions:read')
  @ApiProduces(EDI)
  @ApiOkResponse({ description: 'A written file (weekly, or asked for), unsealed for this download', content: { [EDI]: { schema: { type: 'string', format: 'binary' } } } })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Download a written file (audited)' })
  async downloadStored(@Param('id', CarrierIdPipe) id: number, @Param('fileId', FileIdPipe) fileId: number): Promise<StreamableFile> {
    return ediFile(await this.carrierFiles.downloadStored(id, fileId));
  }
}
