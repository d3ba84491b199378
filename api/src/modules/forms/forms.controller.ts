import { Body, Controller, Get, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiBody, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from '../../core/http/zod-dto';
import { ZFormAnswers, ZFormQuestionList, ZSignatureRequest, ZSignatureResponse, type FormQuestion, type SignatureResponse } from '../../contracts/forms';
import { Access } from '../../core/auth/access.decorator';
import { ErrorResponseDto } from '../../core/http/common.dto';
import { FormQuestionsService } from './form-questions.service';
import { SignatureService } from './signature.service';

class FormQuestionListDto extends createZodDto(ZFormQuestionList) {}
class FormAnswersDto extends createZodDto(ZFormAnswers) {}
class SignatureRequestDto extends createZodDto(ZSignatureRequest) {}
class SignatureResponseDto extends createZodDto(ZSignatureResponse) {}

/** Registration steps 6 (Additional Information) and 7 (Signature). */
@ApiTags('forms')
@Controller('forms')
export class FormsController {
  constructor(
    private readonly questions: FormQuestionsService,
    private readonly signatures: SignatureService,
  ) {}

  @Get('questions')
  @Access('self:employee')
  @ApiOkResponse({ type: FormQuestionListDto, description: "The client's questions with the employee's and each dependent's answers; empty: 'No additional information required'" })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'The additional-information questions with the answers given' })
  list(): Promise<FormQuestion[]> {
    return this.questions.list();
  }

  @Put('questions')
  @Access('self:employee')
  @ApiBody({ type: FormAnswersDto, description: 'Every answer of the form as {fieldId, dependentId, info}; a missing answer is cleared' })
  @ApiOkResponse({ type: FormQuestionListDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: "errors[] keyed q{fieldId} or q{fieldId}_{dependentId}: 'Field is required' for a shown required question, option and ownership checks" })
  @ApiOperation({ summary: 'Save additional-information answers' })
  save(@Body() body: unknown): Promise<FormQuestion[]> {
    return this.questions.save(body);
  }

  /** The registration signature: a PNG data URL of the drawn canvas. */
  @Post()
  @Access('self:employee')
  @ApiBody({ type: SignatureRequestDto })
  @ApiCreatedResponse({ type: SignatureResponseDto, description: 'Stored; the signed enrollment summary PDF follows (summaryFileId, see GET /forms/signature)' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Not a PNG data URL, too large, or nothing drawn (the trimmed drawing must be larger than 1x1)' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Unsigned changes outside the enrollment window' })
  @ApiOperation({ summary: 'Sign the elections (the summary PDF follows)' })
  sign(@Body() body: unknown): Promise<SignatureResponse> {
    return this.signatures.sign(body);
  }

  @Get('signature')
  @Access('self:employee')
  @ApiOkResponse({ type: SignatureResponseDto, description: "The latest registration signature; summaryFileId is null until the PDF is written" })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiOperation({ summary: 'The latest registration signature and its summary PDF' })
  latest(): Promise<SignatureResponse> {
    return this.signatures.latest();
  }
}
