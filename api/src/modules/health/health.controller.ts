import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { Access } from '../../core/auth/access.decorator';
import { REDIS } from '../../core/redis/redis.tokens';

type Check = 'ok' | 'down';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Get()
  @Access('public')
  @ApiOkResponse({
    description: 'Every dependency answers',
    schema: { type: 'object', required: ['status', 'database', 'redis'], properties: { status: { type: 'string', enum: ['ok', 'down'] }, database: { type: 'string', enum: ['ok', 'down'] }, redis: { type: 'string', enum: ['ok', 'down'] } } },
  })
  @ApiServiceUnavailableResponse({ description: 'database or Redis unreachable' })
  @ApiOperation({ summary: 'Liveness and readiness of the API, PostgreSQL and Redis' })
  async health(): Promise<{ status: Check; database: Check; redis: Check }> {
    const [database, redis] = await Promise.all([
      this.dataSource.query('SELECT 1').then((): Check => 'ok', (): Check => 'down'),
      this.redis.ping().then((p): Check => (p === 'PONG' ? 'ok' : 'down'), (): Check => 'down'),
    ]);
    const body = { status: database === 'ok' && redis === 'ok' ? ('ok' as const) : ('down' as const), database, redis };
    if (body.status !== 'ok') throw new ServiceUnavailableException({ statusCode: 503, message: 'Service unavailable', ...body });
    return body;
  }
}
