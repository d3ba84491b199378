import { Controller, Get, HttpCode, Param, ParseIntPipe, Post } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from '../../core/http/zod-dto';
import { z } from 'zod';
import { ZAgencyResponse, type AgencyResponse } from '../../contracts/agency';
import { Access } from '../../core/auth/access.decorator';
import { AgencyService } from './agency.service';

class AgencyResponseDto extends createZodDto(ZAgencyResponse) {}
class OpenClientResponseDto extends createZodDto(z.object({ jwt: z.string() })) {}

@ApiTags('agency')
@Controller('agency')
export class AgencyController {
  constructor(private readonly agency: AgencyService) {}

  @Get()
  @Access('clients:switch')
  @ApiOkResponse({ type: AgencyResponseDto })
  @ApiOperation({ summary: 'The agent\'s agency and its clients, the open one marked' })
  describe(): Promise<AgencyResponse> {
    return this.agency.describe();
  }

  @Post('clients/:id/open')
  @HttpCode(200)
  @Access('clients:switch')
  @ApiOkResponse({ type: OpenClientResponseDto, description: 'A token for the opened client; the previous session ends' })
  @ApiNotFoundResponse({ description: 'No such client in the agent’s agency' })
  @ApiOperation({ summary: 'Open another client of the agency (a new token; the old session ends)' })
  openClient(@Param('id', ParseIntPipe) id: number): Promise<{ jwt: string }> {
    return this.agency.openClient(id);
  }
}
