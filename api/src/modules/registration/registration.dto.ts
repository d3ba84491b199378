import { createZodDto } from '../../core/http/zod-dto';
import { ZJwtResponse, ZRegistrationProfile, ZRegistrationQuery, ZRegistrationRequest, ZRegistrationUsernameQuery, ZUsernameValidationResponse } from '../../contracts/account';

export class RegistrationQueryDto extends createZodDto(ZRegistrationQuery) {}
export class RegistrationProfileDto extends createZodDto(ZRegistrationProfile) {}
export class RegistrationRequestDto extends createZodDto(ZRegistrationRequest) {}
export class JwtResponseDto extends createZodDto(ZJwtResponse) {}
export class RegistrationUsernameQueryDto extends createZodDto(ZRegistrationUsernameQuery) {}
export class RegistrationUsernameResponseDto extends createZodDto(ZUsernameValidationResponse) {}
