import { Body, Controller, Get, Param, Put, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { createZodDto } from '../../core/http/zod-dto';
import { EnrollmentMessages, ZEnrollment, ZEnrollmentList, ZEnrollmentUpdate, type Enrollment } from '../../contracts/enrollments';
import { Access } from '../../core/auth/access.decorator';
import type { AuthUser } from '../../core/auth/auth-user';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import { idPipe } from '../../core/http/id.pipe';
import { ErrorResponseDto } from '../../core/http/common.dto';
import { EnrollmentsService } from './enrollments.service';

class EnrollmentDto extends createZodDto(ZEnrollment) {}
class EnrollmentListDto extends createZodDto(ZEnrollmentList) {}
class EnrollmentUpdateDto extends createZodDto(ZEnrollmentUpdate) {}

const EnrollmentIdPipe = idPipe(EnrollmentMessages.enrollmentNotFound);

/** The token's employee's elections in the current open-enrollment period. */
@ApiTags('enrollments')
@Controller('enrollments')
export class EnrollmentsController {
  constructor(private readonly enrollments: EnrollmentsService) {}

  @Get()
  @Access('self:employee')
  @ApiOkResponse({ type: EnrollmentListDto })
  @ApiOperation({ summary: 'One election per plan type offered in the current period' })
  list(@CurrentUser() user: AuthUser): Promise<Enrollment[]> {
    return this.enrollments.list(user);
  }

  @Get(':id')
  @Access('self:employee')
  @ApiOkResponse({ type: EnrollmentDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'One election' })
  one(@CurrentUser() user: AuthUser, @Param('id', EnrollmentIdPipe) id: number): Promise<Enrollment> {
    return this.enrollments.one(user, id);
  }

  @Put(':id')
  @Access('self:employee')
  @ApiOkResponse({ type: EnrollmentDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A rule of the enrollment dialog, with its message' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Enroll in, waive or decline a plan type' })
  update(@CurrentUser() user: AuthUser, @Param('id', EnrollmentIdPipe) id: number, @Body() body: EnrollmentUpdateDto, @Req() req: Request): Promise<Enrollment> {
    return this.enrollments.update(user, id, body, req.ip ?? null);
  }
}
