import { createZodDto } from './zod-dto';
import { ZErrorResponse, ZOkResponse } from '../../contracts/common';

/** The answers every module documents: { success } and the error body. Here, so no module borrows them from another. */
export class OkResponseDto extends createZodDto(ZOkResponse) {}
export class ErrorResponseDto extends createZodDto(ZErrorResponse) {}
