import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from '../../core/http/zod-dto';
import { EnrollmentMessages, ZEnrollment, ZEnrollmentList, ZEnrollmentUpdate, type Enrollment } from '../../contracts/enrollments';
import { Access } from '../../core/auth/access.decorator';
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
  list(): Promise<Enrollment[]> {
    return this.enrollments.list();
  }

  @Get(':id')
  @Access('self:employee')
  @ApiOkResponse({ type: EnrollmentDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'One election' })
  one(@Param('id', EnrollmentIdPipe) id: number): Promise<Enrollment> {
    return this.enrollments.one(id);
  }

  @Put(':id')
  @Access('self:employee')
  @ApiOkResponse({ type: EnrollmentDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A rule of the enrollment dialog, with its message' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'Enroll in, waive or decline a plan type' })
  update(@Param('id', EnrollmentIdPipe) id: number, @Body() body: EnrollmentUpdateDto): Promise<Enrollment> {
    return this.enrollments.update(id, body);
  }
}
