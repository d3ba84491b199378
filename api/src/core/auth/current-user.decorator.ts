import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest as Request } from 'fastify';
import type { AuthUser } from './auth-user';

export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthUser => {
  const request = ctx.switchToHttp().getRequest<Request & { user: AuthUser }>();
  return request.user;
});
