import { createZodDto } from '../../core/http/zod-dto';
import {
  ZChangePasswordRequest,
  ZForgotPasswordRequest,
  ZForgotPasswordResponse,
  ZPasswordConfirmation,
  ZQuestionResponse,
  ZResetPasswordRequest,
  ZSecurityQuestionRequest,
  ZSuccessMessage,
  ZTokenRequest,
} from '../../contracts/account';

export class ForgotPasswordRequestDto extends createZodDto(ZForgotPasswordRequest) {}
export class ForgotPasswordResponseDto extends createZodDto(ZForgotPasswordResponse) {}
export class TokenRequestDto extends createZodDto(ZTokenRequest) {}
export class QuestionResponseDto extends createZodDto(ZQuestionResponse) {}
export class ResetPasswordRequestDto extends createZodDto(ZResetPasswordRequest) {}
export class SuccessMessageDto extends createZodDto(ZSuccessMessage) {}
export class ChangePasswordRequestDto extends createZodDto(ZChangePasswordRequest) {}
export class SecurityQuestionRequestDto extends createZodDto(ZSecurityQuestionRequest) {}
export class VerifyPasswordRequestDto extends createZodDto(ZPasswordConfirmation) {}
