import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import {
  CommunicationMessages,
  ZCampaignPreview,
  ZCampaignPreviewRequest,
  ZCampaignProgress,
  ZContactList,
  ZContactMessage,
  ZMessageBoard,
  ZSendEmailsRequest,
  ZSendEmailsResponse,
  type CampaignPreview,
  type CampaignProgress,
  type Contact,
  type MessageBoard,
  type SendEmailsResponse,
} from '../../contracts/communications';
import { z } from 'zod';
import { Access } from '../../core/auth/access.decorator';
import { ErrorResponseDto } from '../../core/http/common.dto';
import { idPipe } from '../../core/http/id.pipe';
import { createZodDto } from '../../core/http/zod-dto';
import { CampaignsService } from './campaigns.service';
import { ContactsService } from './contacts.service';

class MessageBoardDto extends createZodDto(ZMessageBoard) {}
class SendEmailsRequestDto extends createZodDto(ZSendEmailsRequest) {}
class SendEmailsResponseDto extends createZodDto(ZSendEmailsResponse) {}
class CampaignProgressDto extends createZodDto(ZCampaignProgress) {}
class CampaignPreviewRequestDto extends createZodDto(ZCampaignPreviewRequest) {}
class CampaignPreviewDto extends createZodDto(ZCampaignPreview) {}
class ContactListDto extends createZodDto(ZContactList) {}
class ContactMessageDto extends createZodDto(ZContactMessage) {}
class SuccessDto extends createZodDto(z.object({ success: z.literal(true) })) {}

const CampaignIdPipe = idPipe(CommunicationMessages.campaignNotFound);

/** Communications (HR) and the contact page (everyone with an employee record). */
@ApiTags('communications')
@Controller()
export class CommunicationsController {
  constructor(
    private readonly campaigns: CampaignsService,
    private readonly contacts: ContactsService,
  ) {}

  @Get('message-board')
  @Access('communications:send')
  @ApiOkResponse({ type: MessageBoardDto })
  @ApiOperation({ summary: 'Communications: employees with their progress flags, the open enrollment period, counts and the newest campaigns' })
  messageBoard(): Promise<MessageBoard> {
    return this.campaigns.messageBoard();
  }

  @Post('send-emails')
  @HttpCode(200)
  @Access('communications:send')
  @ApiOkResponse({ type: SendEmailsResponseDto, description: 'The campaign (new, or the one of this type still sending: alreadyRunning)' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'No recipients, recipients who cannot receive this type, an empty custom message, or no period to invite to' })
  @ApiOperation({ summary: 'Send a welcome email, an open enrollment invite or a custom email to employees (a campaign sent by the workers)' })
  sendEmails(@Body() body: SendEmailsRequestDto): Promise<SendEmailsResponse> {
    return this.campaigns.send(body);
  }

  @Post('campaigns/preview')
  @HttpCode(200)
  @Access('communications:send')
  @ApiOkResponse({ type: CampaignPreviewDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'An empty message, or a subject too long or with a line break' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'An employee who is not an active employee of the client with an address' })
  @ApiOperation({ summary: "A custom email as its recipient would receive it (subject, HTML and text, in the client's frame), before it is sent" })
  preview(@Body() body: CampaignPreviewRequestDto): Promise<CampaignPreview> {
    return this.campaigns.preview(body);
  }

  @Get('campaigns/:id')
  @Access('communications:send')
  @ApiOkResponse({ type: CampaignProgressDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: "A campaign's progress: sent, failed and pending out of the total, and why each failure failed" })
  campaign(@Param('id', CampaignIdPipe) id: number): Promise<CampaignProgress> {
    return this.campaigns.progress(id);
  }

  @Get('contacts')
  @Access('user')
  @ApiOkResponse({ type: ContactListDto })
  @ApiOperation({ summary: "The client's HR and insurance agent contacts" })
  contactList(): Promise<Contact[]> {
    return this.contacts.list();
  }

  @Post('contacts')
  @HttpCode(200)
  @Access('self:employee')
  @ApiOkResponse({ type: SuccessDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: "'Field is required' for contactId or message" })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'A contact of another client, or of the other form' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Send a message to a contact (emailed by the workers, reply-to the employee)' })
  contact(@Body() body: ContactMessageDto): Promise<{ success: true }> {
    return this.contacts.send(body);
  }
}
