import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import { APP_CONFIG, type AppConfig, Metrics, Readiness } from '@bp/api/server';
import { JobWorkers } from './job-workers';

/**
 * The workers have no API: this small HTTP server answers a probe's /health/live and /health/ready (same bodies as
 * the API's) and Prometheus' /metrics (same gate: METRICS_TOKEN or METRICS_ALLOW_CIDR). It stays up until the jobs in hand have finished, so a probe sees 503 for the whole drain.
 */
@Injectable()
export class HealthServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(HealthServer.name);
  private server: Server | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly readiness: Readiness,
    private readonly jobWorkers: JobWorkers,
    private readonly metrics: Metrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.workerHealthPort === 0) return;
    const server = createServer((req, res) => void this.answer(req, res));
    server.listen(this.config.workerHealthPort, this.config.host);
    await once(server, 'listening');
    this.server = server;
    this.logger.log({ port: this.config.workerHealthPort }, 'health server listening');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.jobWorkers.close();
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', connection: 'close' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET') return send(405, { statusCode: 405, message: 'Method not allowed' });
    if (path === '/health/live') return send(200, { status: 'ok' });
    if (path === '/health/ready') {
      const body = await this.readiness.check();
      return send(body.status === 'ok' ? 200 : 503, body);
    }
    if (path === '/metrics') {
      const verdict = this.metrics.gate(req.socket.remoteAddress ?? '', req.headers.authorization);
      if (verdict !== 200) return send(verdict, { statusCode: verdict, message: verdict === 401 ? 'Unauthorized' : 'Not found' });
      res.writeHead(200, { 'content-type': this.metrics.registry.contentType, 'cache-control': 'no-store' });
      res.end(await this.metrics.registry.metrics());
      return;
    }
    send(404, { statusCode: 404, message: 'Not found' });
  }
}
