import { applyDecorators, Header, HttpCode, Injectable, UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyRequest as Request } from 'fastify';
import { ZodValidationException } from 'nestjs-zod';
import { createZodDto } from '../../core/http/zod-dto';
import { ZPasswordConfirmation } from '../../contracts/account';
import { ZErrorResponse } from '../../contracts/common';
import type { AuthUser } from '../../core/auth/auth-user';
import { PasswordConfirmation } from './password-confirmation.service';

export class PasswordConfirmationDto extends createZodDto(ZPasswordConfirmation) {}
class UnlockErrorDto extends createZodDto(ZErrorResponse) {}

/**
 * The password prompt in front of secured data (SSN, income, bank numbers): the body's password must be
 * the real person's. Test users and impersonating sessions skip the prompt,
 * so for them the body is not even read.
 */
@Injectable()
export class SecuredDataUnlockGuard implements CanActivate {
  constructor(private readonly passwords: PasswordConfirmation) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & { user: AuthUser }>();
    const user = request.user;
    if (user.impersonatorId !== null || user.testUser) return true;
    const parsed = ZPasswordConfirmation.safeParse(request.body ?? {});
    if (!parsed.success) throw new ZodValidationException(parsed.error);
    await this.passwords.confirm(parsed.data.password, 'unlock');
    return true;
  }
}

/**
 * Put on any `POST .../personal` route: the guard above, a 200 answer, and headers that keep the clear
 * values out of every cache. The handler must not read the body again (it may be empty when skipped).
 */
export function SecuredDataUnlock(): MethodDecorator {
  return applyDecorators(
    UseGuards(SecuredDataUnlockGuard),
    HttpCode(200),
    Header('Cache-Control', 'no-store'),
    Header('Pragma', 'no-cache'),
    ApiBody({ type: PasswordConfirmationDto, description: 'Not read for test users and impersonating sessions' }),
    ApiBadRequestResponse({ type: UnlockErrorDto, description: "Wrong password: message and developerMessage 'Incorrect password'" }),
    ApiTooManyRequestsResponse({ type: UnlockErrorDto }),
  );
}
