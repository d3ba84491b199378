import { Body, Controller, Get, HttpCode, Param, Post, Put, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiConflictResponse, ApiConsumes, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiPayloadTooLargeResponse, ApiTags } from '@nestjs/swagger';
import { LifeEventMessages, ZCoverageChoiceList, ZLifeEventReview, type CoverageChoice, type LifeEventReview, ZLifeEventDecision, ZMidyearChangeRequest, ZMidyearChangesData, ZPendingLifeEventList, type MidyearChangesData, type PendingLifeEvent } from '../../contracts/life-events';
import { ZSignatureRequest } from '../../contracts/forms';
import { idPipe } from '../../core/http/id.pipe';
import { z } from 'zod';
import { Access } from '../../core/auth/access.decorator';
import { ErrorResponseDto } from '../../core/http/common.dto';
import { createZodDto } from '../../core/http/zod-dto';
import { StreamingUploadInterceptor, type StoredUpload } from '../files/streaming-upload.interceptor';
import { LifeEventDecisionsService } from './life-event-decisions.service';
import { LifeEventSigningService } from './life-event-signing.service';
import { LifeEventWizardService } from './life-event-wizard.service';

class MidyearChangeRequestDto extends createZodDto(ZMidyearChangeRequest) {}
class MidyearChangesDataDto extends createZodDto(ZMidyearChangesData) {}
class CoverageChoiceListDto extends createZodDto(ZCoverageChoiceList) {}
class LifeEventReviewDto extends createZodDto(ZLifeEventReview) {}
class SignatureRequestDto extends createZodDto(ZSignatureRequest) {}
class PendingLifeEventListDto extends createZodDto(ZPendingLifeEventList) {}
class LifeEventDecisionDto extends createZodDto(ZLifeEventDecision) {}
class LifeEventDecisionResponseDto extends createZodDto(z.object({ status: z.enum(['approved', 'rejected']) })) {}

const LifeEventIdPipe = idPipe(LifeEventMessages.notFound);

/** Mid-year changes after a qualifying life event. */
@ApiTags('life-events')
@Controller('midyear-changes')
export class LifeEventsController {
  constructor(
    private readonly wizard: LifeEventWizardService,
    private readonly signing: LifeEventSigningService,
  ) {}

  @Get()
  @Access('self:employee')
  @ApiOkResponse({ type: MidyearChangesDataDto })
  @ApiOperation({ summary: 'The life event in progress (step 1 and nothing when there is none)' })
  current(): Promise<MidyearChangesData> {
    return this.wizard.current();
  }

  @Get('coverage')
  @Access('self:employee')
  @ApiOkResponse({ type: CoverageChoiceListDto })
  @ApiOperation({ summary: "Step 4's choices: for each enrolled plan group, the people the event allows adding or removing" })
  coverage(): Promise<CoverageChoice[]> {
    return this.wizard.coverageChoices();
  }

  @Get('review')
  @Access('self:employee')
  @ApiOkResponse({ type: LifeEventReviewDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'No life event in progress' })
  @ApiOperation({ summary: 'The review: each plan the event changes before -> after, priced at the tier its people make, and the difference per paycheck and per year' })
  review(): Promise<LifeEventReview> {
    return this.signing.review();
  }

  @Put()
  @Access('self:employee')
  @ApiOkResponse({ type: MidyearChangesDataDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: "The step's answers: the event, its date ('Changes must be requested within 30 days of the event'), the reason, the dependent, the proof" })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'A step the wizard is not at (a skip, or a step whose rules do not hold yet)' })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Mid-year changes are not open for the company' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'A dependent of someone else' })
  @ApiOperation({ summary: 'Move the life-event wizard: the next step once the current one holds, an earlier step, or step 1 with nothing to cancel' })
  move(@Body() body: MidyearChangeRequestDto): Promise<MidyearChangesData> {
    return this.wizard.move(body);
  }

  @Post('proof')
  @Access('self:employee')
  @UseInterceptors(StreamingUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } })
  @ApiCreatedResponse({ type: MidyearChangesDataDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'No life event that asks for a document (a draft, or a signed one waiting for HR)' })
  @ApiPayloadTooLargeResponse({ type: ErrorResponseDto, description: "'File size should be less than 10mb'" })
  @ApiOperation({ summary: "The life event's supporting document (kept as a personal file, one file, at most 10,000,000 bytes)" })
  proof(@UploadedFile() file: StoredUpload | undefined): Promise<MidyearChangesData> {
    return this.wizard.proof(file);
  }
}

/** The signature of a life event (POST /mid-changes) and HR's decisions. */
@ApiTags('life-events')
@Controller()
export class LifeEventDecisionsController {
  constructor(
    private readonly signing: LifeEventSigningService,
    private readonly decisions: LifeEventDecisionsService,
  ) {}

  @Post('mid-changes')
  @HttpCode(200)
  @Access('self:employee')
  @ApiOkResponse({ type: MidyearChangesDataDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'No signature, or the changes or the proof no longer hold' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The wizard is not at review and sign' })
  @ApiOperation({ summary: "Sign a life event's changes: they wait for HR's approval" })
  sign(@Body() body: SignatureRequestDto): Promise<MidyearChangesData> {
    return this.signing.sign(body);
  }

  @Get('life-events')
  @Access('actions:manage')
  @ApiOkResponse({ type: PendingLifeEventListDto })
  @ApiOperation({ summary: 'Signed life events waiting for HR, with the proof and what each changes' })
  pending(): Promise<PendingLifeEvent[]> {
    return this.decisions.pending();
  }

  @Post('life-events/:id')
  @HttpCode(200)
  @Access('actions:manage')
  @ApiOkResponse({ type: LifeEventDecisionResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A rejection without its reason' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: "Decided already, or (approving) the supporting document the event asks for is not uploaded yet: '<document>: not uploaded yet. The approval waits until the employee uploads it.'" })
  @ApiOperation({ summary: 'Approve a life event (its changes take effect) or reject it with a reason (the employee is told by email)' })
  decide(@Param('id', LifeEventIdPipe) id: number, @Body() body: LifeEventDecisionDto): Promise<{ status: 'approved' | 'rejected' }> {
    return this.decisions.decide(id, body);
  }
}
