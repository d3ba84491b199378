import { createZodDto } from '../../core/http/zod-dto';
import { ZCurrentUser, ZLoginRequest, ZLoginResponse, ZUpdateStepRequest } from '../../contracts/auth';

export class LoginRequestDto extends createZodDto(ZLoginRequest) {}
export class LoginResponseDto extends createZodDto(ZLoginResponse) {}
export class CurrentUserDto extends createZodDto(ZCurrentUser) {}
export class UpdateStepRequestDto extends createZodDto(ZUpdateStepRequest) {}
