import { Body, Controller, Get, Header, HttpCode, Param, Post, Put, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import {
  ClientMessages,
  ZClientDetail,
  ZClientList,
  ZClientSettings,
  ZFirstPeriodAnswer,
  ZFirstPeriodRequest,
  ZHrAdministrator,
  ZHrAdministratorList,
  ZHrInvite,
  type ClientDetail,
  type ClientList,
  type FirstPeriodAnswer,
  type HrAdministrator,
  type HrAdministratorList,
} from '../../contracts/clients';
import { Access } from '../../core/auth/access.decorator';
import { ErrorResponseDto } from '../../core/http/common.dto';
import { idPipe } from '../../core/http/id.pipe';
import { createZodDto } from '../../core/http/zod-dto';
import { StreamingUploadInterceptor, type StoredUpload } from '../files/streaming-upload.interceptor';
import { ClientFirstPeriodService } from './client-first-period.service';
import { ClientHrService } from './client-hr.service';
import { ClientLogosService } from './client-logos.service';
import { ClientsService } from './clients.service';

const ClientIdPipe = idPipe(ClientMessages.clientNotFound);
const AccountIdPipe = idPipe(ClientMessages.hrNotFound);

class ClientSettingsDto extends createZodDto(ZClientSettings) {}
class ClientDetailDto extends createZodDto(ZClientDetail) {}
class ClientListDto extends createZodDto(ZClientList) {}
class HrInviteDto extends createZodDto(ZHrInvite) {}
class HrAdministratorDto extends createZodDto(ZHrAdministrator) {}
class HrAdministratorListDto extends createZodDto(ZHrAdministratorList) {}
class FirstPeriodRequestDto extends createZodDto(ZFirstPeriodRequest) {}
class FirstPeriodAnswerDto extends createZodDto(ZFirstPeriodAnswer) {}

/** A broker's agent sets up the clients of its agency: settings, logo, HR administrators, first period. */
@ApiTags('agency clients')
@Controller('agency/clients')
export class ClientsController {
  constructor(
    private readonly clients: ClientsService,
    private readonly logos: ClientLogosService,
    private readonly hr: ClientHrService,
    private readonly firstPeriods: ClientFirstPeriodService,
  ) {}

  @Get()
  @Access('agency:manage-clients')
  @ApiOkResponse({ type: ClientListDto })
  @ApiOperation({ summary: "The agency's clients, with their employees, HR administrators and period" })
  list(): Promise<ClientList> {
    return this.clients.list();
  }

  @Post()
  @Access('agency:manage-clients')
  @ApiCreatedResponse({ type: ClientDetailDto, description: "The new client; it is in the agency's client switcher (GET /agency) at once" })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A setting is missing or wrong (each field with its message): colours whose text would be hard to read, an unknown time zone, ...' })
  @ApiOperation({ summary: 'Create a client of the agency with all its settings and contacts (audited)' })
  create(@Body() body: ClientSettingsDto): Promise<ClientDetail> {
    return this.clients.create(body);
  }

  @Get(':id')
  @Access('agency:manage-clients')
  @Header('Cache-Control', 'private, no-store')
  @ApiOkResponse({ type: ClientDetailDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such client in the agent’s agency' })
  @ApiOperation({ summary: "A client's settings and contacts" })
  detail(@Param('id', ClientIdPipe) id: number): Promise<ClientDetail> {
    return this.clients.detail(id);
  }

  @Put(':id')
  @Access('agency:manage-clients')
  @ApiOkResponse({ type: ClientDetailDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such client in the agent’s agency' })
  @ApiOperation({ summary: "Replace a client's settings and contacts (audited with what changed)" })
  update(@Param('id', ClientIdPipe) id: number, @Body() body: ClientSettingsDto): Promise<ClientDetail> {
    return this.clients.update(id, body);
  }

  @Post(':id/logo')
  @HttpCode(200)
  @Access('agency:manage-clients')
  @UseInterceptors(StreamingUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary', description: 'PNG, JPEG, GIF or WebP' } }, required: ['file'] } })
  @ApiOkResponse({ type: ClientDetailDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'No file, or not an image the header can show (read from the bytes)' })
  @ApiPayloadTooLargeResponse({ type: ErrorResponseDto, description: "'File size should be less than 10mb'" })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such client in the agent’s agency' })
  @ApiOperation({ summary: "Upload the client's logo (one image, streamed to storage; replaces the previous one)" })
  logo(@Param('id', ClientIdPipe) id: number, @UploadedFile() file: StoredUpload | undefined): Promise<ClientDetail> {
    return this.logos.setLogo(id, file);
  }

  @Get(':id/hr-administrators')
  @Access('agency:manage-clients')
  @Header('Cache-Control', 'private, no-store')
  @ApiOkResponse({ type: HrAdministratorListDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such client in the agent’s agency' })
  @ApiOperation({ summary: "The client's HR administrators: invited, active or disabled" })
  hrAdministrators(@Param('id', ClientIdPipe) id: number): Promise<HrAdministratorList> {
    return this.hr.hrAdministrators(id);
  }

  @Post(':id/hr-administrators')
  @Access('agency:manage-clients')
  @ApiCreatedResponse({ type: HrAdministratorDto, description: 'The account, invited: the email with its registration link is queued' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A name or the email is missing or wrong, or an account already uses the email' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such client in the agent’s agency' })
  @ApiOperation({ summary: 'Invite an HR administrator of the client (email with a registration link; audited)' })
  inviteHr(@Param('id', ClientIdPipe) id: number, @Body() body: HrInviteDto): Promise<HrAdministrator> {
    return this.hr.inviteHr(id, body);
  }

  @Post(':id/hr-administrators/:accountId/disable')
  @HttpCode(200)
  @Access('agency:manage-clients')
  @ApiOkResponse({ type: HrAdministratorDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such client in the agent’s agency, or no such administrator of it' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Already disabled' })
  @ApiOperation({ summary: 'Disable an HR administrator: no sign-in, the registration link stops working, every session ends' })
  disableHr(@Param('id', ClientIdPipe) id: number, @Param('accountId', AccountIdPipe) accountId: number): Promise<HrAdministrator> {
    return this.hr.disableHr(id, accountId);
  }

  @Get(':id/first-period')
  @Access('agency:manage-clients')
  @Header('Cache-Control', 'private, no-store')
  @ApiOkResponse({ type: FirstPeriodAnswerDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such client in the agent’s agency' })
  @ApiOperation({ summary: "The client's enrollment period (null before the first is prepared) and its number of plans" })
  firstPeriod(@Param('id', ClientIdPipe) id: number): Promise<FirstPeriodAnswer> {
    return this.firstPeriods.firstPeriod(id);
  }

  @Post(':id/first-period')
  @HttpCode(200)
  @Access('agency:manage-clients')
  @ApiOkResponse({ type: FirstPeriodAnswerDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such client in the agent’s agency' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The client already has a period' })
  @ApiOperation({ summary: "Prepare the client's first period: new-hire enrollment from a date, or an open enrollment Ready to Start (audited)" })
  prepareFirstPeriod(@Param('id', ClientIdPipe) id: number, @Body() body: FirstPeriodRequestDto): Promise<FirstPeriodAnswer> {
    return this.firstPeriods.prepareFirstPeriod(id, body);
  }
}

/** An uploaded client logo, public like any brand image (the header shows it): its address is unguessable. */
@ApiTags('agency clients')
@Controller('client-logos')
export class ClientLogosController {
  constructor(private readonly logos: ClientLogosService) {}

  @Get(':key')
  @Access('public')
  @Header('Cache-Control', 'public, max-age=86400, immutable')
  @ApiProduces('image/png', 'image/jpeg', 'image/gif', 'image/webp')
  @ApiOkResponse({ description: 'The logo', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: "A client's uploaded logo" })
  async logo(@Param('key') key: string): Promise<StreamableFile> {
    const logo = await this.logos.logo(key);
    return new StreamableFile(logo.stream, { type: logo.contentType, disposition: 'inline', length: logo.size || undefined });
  }
}
