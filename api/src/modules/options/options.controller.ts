import { Controller, Get, Query } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiQuery, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { createZodDto } from '../../core/http/zod-dto';
import { ZAllOptions, ZOptionList, ZSecurityQuestionList, type OptionItemDto } from '../../contracts/options';
import { Access, AllowDuringPendingChange } from '../../core/auth/access.decorator';
import { OPTION_TYPES } from '../../contracts/option-lists';
import { OptionsService } from './options.service';

class OptionListDto extends createZodDto(ZOptionList) {}
class AllOptionsDto extends createZodDto(ZAllOptions) {}
class SecurityQuestionListDto extends createZodDto(ZSecurityQuestionList) {}

@ApiTags('options')
@Controller('options')
export class OptionsController {
  constructor(private readonly options: OptionsService) {}

  /** With ?type= one list; without it every list keyed by type. */
  @Get()
  @Access('user')
  @ApiQuery({ name: 'type', required: false, enum: OPTION_TYPES })
  @ApiExtraModels(OptionListDto, AllOptionsDto)
  @ApiOkResponse({
    description: 'One list (with type) or all lists keyed by type',
    schema: { oneOf: [{ $ref: getSchemaPath(OptionListDto) }, { $ref: getSchemaPath(AllOptionsDto) }] },
  })
  @AllowDuringPendingChange()
  @ApiOperation({ summary: 'Option lists (one by type, or all)' })
  get(@Query('type') type?: string): Promise<OptionItemDto[] | Record<string, OptionItemDto[]>> {
    return type === undefined ? this.options.all() : this.options.list(type);
  }

  /** Public: the registration and reset pages show the questions before anyone is signed in. */
  @Get('security-question')
  @Access('public')
  @ApiOkResponse({ type: SecurityQuestionListDto })
  @AllowDuringPendingChange()
  @ApiOperation({ summary: 'The security questions' })
  securityQuestions(): Promise<{ value: string; label: string }[]> {
    return this.options.securityQuestions();
  }
}

export { OptionListDto };
