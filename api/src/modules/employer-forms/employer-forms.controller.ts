import { Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ZEmployerFormsTicket, type EmployerFormsTicket } from '../../contracts/employer-forms';
import { Access } from '../../core/auth/access.decorator';
import { createZodDto } from '../../core/http/zod-dto';
import { FORMS_PATH, FormsSessions } from './forms-session';

class TicketDto extends createZodDto(ZEmployerFormsTicket) {}

/** The frame's one-time ticket (the pages themselves are HTML, outside the API document). */
@ApiTags('employer-forms')
@Controller('employer-forms')
export class EmployerFormsController {
  constructor(private readonly sessions: FormsSessions) {}

  @Post('ticket')
  @HttpCode(200)
  @Access('employer-forms:manage')
  @ApiOkResponse({ type: TicketDto })
  @ApiOperation({ summary: 'A one-time ticket (60 s) for the Employer Forms frame: its address carries it as jwt, exchanged at once for a cookie' })
  async ticket(@Headers('authorization') authorization: string): Promise<EmployerFormsTicket> {
    const ticket = await this.sessions.ticketFor(authorization.replace(/^Bearer\s+/i, ''));
    return { ticket, url: `${FORMS_PATH}?jwt=${ticket}` };
  }
}
