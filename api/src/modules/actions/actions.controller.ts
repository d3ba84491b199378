import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActionMessages, ZActionApproval, ZActionApprovalRequest, ZActionList, ZActionListQuery, type Action, type ActionApproval } from '../../contracts/actions';
import { Access } from '../../core/auth/access.decorator';
import { ErrorResponseDto } from '../../core/http/common.dto';
import { idPipe } from '../../core/http/id.pipe';
import { createZodDto } from '../../core/http/zod-dto';
import { signaturePngOf } from '../forms/signature-png';
import { ActionsService } from './actions.service';

class ActionListQueryDto extends createZodDto(ZActionListQuery) {}
class ActionListDto extends createZodDto(ZActionList) {}
class ActionApprovalRequestDto extends createZodDto(ZActionApprovalRequest) {}
class ActionApprovalDto extends createZodDto(ZActionApproval) {}
const ApprovalIdPipe = idPipe(ActionMessages.approvalNotFound);

/** The Action Center: HR's list of actions and their approval with a signature. */
@ApiTags('actions')
@Controller()
export class ActionsController {
  constructor(private readonly actions: ActionsService) {}

  @Get('actions')
  @Access('actions:manage')
  @ApiOkResponse({ type: ActionListDto })
  @ApiOperation({ summary: 'Actions of the open client (optional employeeId, planTypeId; pending unless status=all)' })
  list(@Query() query: ActionListQueryDto): Promise<Action[]> {
    return this.actions.list(query);
  }

  /** Records the approval and queues the signing job; the answer says how far the signing is. */
  @Post('actions')
  @Access('actions:manage')
  @ApiCreatedResponse({ type: ActionApprovalDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'No signature, or nothing left to approve' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Approve actions of an employee with HR\'s signature (signed by the documents worker)' })
  approve(@Body() body: ActionApprovalRequestDto): Promise<ActionApproval> {
    return this.actions.approve(body, signaturePngOf(body));
  }

  @Get('actions/approvals/:id')
  @Access('actions:manage')
  @ApiOkResponse({ type: ActionApprovalDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Progress of an approval\'s signing job' })
  approval(@Param('id', ApprovalIdPipe) id: number): Promise<ActionApproval> {
    return this.actions.approval(id);
  }
}
