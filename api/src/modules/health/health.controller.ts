import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { Access } from '../../core/auth/access.decorator';
import { Readiness, type ReadinessReport } from './readiness';

const checkSchema: SchemaObject = { type: 'string', enum: ['ok', 'down'] };
const readySchema: SchemaObject = {
  type: 'object',
  required: ['status', 'database', 'redis', 'draining'],
  properties: { status: checkSchema, database: checkSchema, redis: checkSchema, draining: { type: 'boolean' } },
};

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly readiness: Readiness) {}

  @Get('live')
  @Access('public')
  @ApiOkResponse({ description: 'The process runs and answers', schema: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } } })
  @ApiOperation({ summary: 'Liveness: restart the process when this does not answer' })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @Access('public')
  @ApiOkResponse({ description: 'PostgreSQL and Redis answer and the process is not shutting down', schema: readySchema })
  @ApiServiceUnavailableResponse({ description: 'PostgreSQL or Redis unreachable, or the process is shutting down', schema: readySchema })
  @ApiOperation({ summary: 'Readiness: send requests here only while this answers 200' })
  ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadinessReport> {
    return this.answer(reply);
  }

  /** The address older deployments probe; the same as /health/ready. */
  @Get()
  @Access('public')
  @ApiOkResponse({ description: 'PostgreSQL and Redis answer and the process is not shutting down', schema: readySchema })
  @ApiServiceUnavailableResponse({ description: 'PostgreSQL or Redis unreachable, or the process is shutting down', schema: readySchema })
  @ApiOperation({ summary: 'Readiness of the API, PostgreSQL and Redis (as /health/ready)' })
  health(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadinessReport> {
    return this.answer(reply);
  }

  /** The same body either way (a probe or a person sees which dependency is down); 503 when not ready. */
  private async answer(reply: FastifyReply): Promise<ReadinessReport> {
    const body = await this.readiness.check();
    if (body.status !== 'ok') void reply.code(503);
    return body;
  }
}
