import { createZodDto } from '../../core/http/zod-dto';
import { ZCurrentUser, ZLoginRequest, ZLoginResponse, ZUpdateStepRequest } from '../../contracts/auth';
import { ZLoginMfaStep } from '../../contracts/mfa';

export class LoginRequestDto extends createZodDto(ZLoginRequest) {}
export class LoginResponseDto extends createZodDto(ZLoginResponse) {}
export class LoginMfaStepDto extends createZodDto(ZLoginMfaStep) {}
export class CurrentUserDto extends createZodDto(ZCurrentUser) {}
export class UpdateStepRequestDto extends createZodDto(ZUpdateStepRequest) {}
