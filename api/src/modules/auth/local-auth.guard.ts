import { Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest as Request } from 'fastify';
import { ZodValidationException } from 'nestjs-zod';
import { ZLoginRequest } from '../../contracts/auth';

/** Guards run before pipes, so the login body is validated here with the same schema the pipe uses. */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  override canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const parsed = ZLoginRequest.safeParse(request.body ?? {});
    if (!parsed.success) throw new ZodValidationException(parsed.error);
    request.body = parsed.data;
    return super.canActivate(context) as Promise<boolean>;
  }

  override handleRequest<T>(err: unknown, user: T | false): T {
    if (err) throw err;
    // passport-local fails without calling validate only when a field is missing, which the schema caught.
    if (!user) throw new Error('login without user');
    return user;
  }
}
