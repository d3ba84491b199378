import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from '../../core/http/zod-dto';
import { ZZipLookupQuery, ZZipLookupResponse, type ZipLookupResponse } from '../../contracts/profile';
import { Access } from '../../core/auth/access.decorator';
import { ErrorResponseDto } from '../../core/http/common.dto';
import { ZipLookupService } from './zip-lookup.service';

class ZipLookupQueryDto extends createZodDto(ZZipLookupQuery) {}
class ZipLookupResponseDto extends createZodDto(ZZipLookupResponse) {}

@ApiTags('zip-lookup')
@Controller()
export class ZipLookupController {
  constructor(private readonly zips: ZipLookupService) {}

  /** Fills city and state of an address form once a full ZIP is typed. */
  @Get('zip-lookup')
  @Access('user')
  @ApiOkResponse({ type: ZipLookupResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: "'Invalid ZIP format'" })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such ZIP code' })
  @ApiOperation({ summary: 'City and state of a ZIP code' })
  lookup(@Query() query: ZipLookupQueryDto): Promise<ZipLookupResponse> {
    return this.zips.lookup(query.zip);
  }
}
