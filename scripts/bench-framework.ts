/**
 * The framework's own cost (run by scripts/bench.ts): `nest` serves a constant JSON from one NestJS controller
 * on the Fastify platform, as the portal runs; `http` serves the same bytes from node:http. Each prints its port
 * once listening. Nothing of the portal is loaded: the difference between the two is the framework alone.
 */
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const BODY = { id: 1, firstName: 'Jane', lastName: 'Doe', permissions: ['enrollment:write', 'profile:write'] };

@Controller('mbl/api')
class ConstantController {
  @Get('constant')
  constant(): typeof BODY {
    return BODY;
  }
}

@Module({ controllers: [ConstantController] })
class ConstantModule {}

async function serve(kind: string): Promise<Server> {
  if (kind === 'nest') {
    const app = await NestFactory.create<NestFastifyApplication>(ConstantModule, new FastifyAdapter(), { logger: false });
    await app.listen(0, '127.0.0.1');
    return app.getHttpServer() as Server;
  }
  const server = createServer((_req, res) => {
    const json = JSON.stringify(BODY);
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(json));
    res.end(json);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

serve(process.argv[2] ?? 'http').then(
  (server) => {
    process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
    process.on('SIGTERM', () => process.exit(0));
  },
  (err: unknown) => {
    process.stderr.write(`framework bench failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
