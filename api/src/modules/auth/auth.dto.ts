import { createZodDto } from 'nestjs-zod';
import { ZCurrentUser, ZLoginRequest, ZLoginResponse, ZUpdateStepRequest } from '../../contracts/auth';
import { ZErrorResponse, ZOkResponse } from '../../contracts/common';

export class LoginRequestDto extends createZodDto(ZLoginRequest) {}
export class LoginResponseDto extends createZodDto(ZLoginResponse) {}
export class CurrentUserDto extends createZodDto(ZCurrentUser) {}
export class UpdateStepRequestDto extends createZodDto(ZUpdateStepRequest) {}
export class OkResponseDto extends createZodDto(ZOkResponse) {}
export class ErrorResponseDto extends createZodDto(ZErrorResponse) {}
