import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ZodValidationException } from 'nestjs-zod';
import type { ZodError } from 'zod';
import type { ErrorResponse } from '../../contracts/common';

/** Turns a zod error into the spec's 400: the first message on top, every field's message below. */
export function validationBody(error: ZodError): ErrorResponse {
  const errors = error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  return { statusCode: 400, message: errors[0]?.message ?? 'Bad request', errors };
}

/**
 * One shape for every error answer: { statusCode, message, messageCode?, developerMessage?, errors? }.
 * Unknown errors become a bare 500: no stack, no SQL, nothing of the request.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<FastifyReply>();
    const body = this.toBody(exception);
    if (!response.sent) void response.code(body.statusCode).type('application/json; charset=utf-8').send(body);
  }

  private toBody(exception: unknown): ErrorResponse {
    if (exception instanceof ZodValidationException) {
      return validationBody(exception.getZodError() as ZodError);
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const raw = exception.getResponse();
      if (typeof raw === 'string') return { statusCode: status, message: raw };
      const r = raw as Record<string, unknown>;
      const message = Array.isArray(r.message) ? String(r.message[0]) : typeof r.message === 'string' ? r.message : exception.message;
      return {
        statusCode: status,
        message,
        ...(typeof r.messageCode === 'number' ? { messageCode: r.messageCode } : {}),
        ...(typeof r.developerMessage === 'string' ? { developerMessage: r.developerMessage } : {}),
        ...(Array.isArray(r.errors) ? { errors: r.errors as ErrorResponse['errors'] } : {}),
        ...(Array.isArray(r.issues) ? { issues: r.issues as ErrorResponse['issues'] } : {}),
      };
    }
    // Middleware errors that carry their own 4xx status. (Fastify's own refusals, a body over the limit or a
    // content type it cannot read, reach this filter as HttpExceptions with Fastify's message.)
    const status = (exception as { status?: unknown; statusCode?: unknown } | null)?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return { statusCode: status, message: status === 413 ? 'Request is too large' : 'Malformed request' };
    }
    this.logger.error(exception instanceof Error ? `${exception.name}: ${exception.message}\n${exception.stack ?? ''}` : 'unknown error');
    return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Internal server error' };
  }
}
