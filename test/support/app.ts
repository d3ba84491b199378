import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import type { App } from 'supertest/types';
import type { Server } from 'node:http';
import { buildOpenApi, createApp } from '../../api/src/bootstrap/create-app';
import { APP_CONFIG, type AppConfig } from '../../api/src/core/config/app-config';
import { DataSource } from 'typeorm';
import { RequestContext } from '../../api/src/core/context/request-context';
import { EnrollmentsService } from '../../api/src/modules/enrollments/enrollments.service';
import { checkResponsesAgainst } from './response-schemas';
import { DEMO_PASSWORD } from './test-env';

export interface TestApp {
  app: NestFastifyApplication;
  server: App;
  /** Signs in through POST /mbl/api/login and answers the jwt. */
  login(username: string, password?: string): Promise<string>;
  /**
   * What HR's invitation does for a census employee: the enrollment rows of the current period (a fixture
   * person is inserted by SQL, and GET /enrollments only reads).
   */
  prepareEnrollments(employeeId: number): Promise<number>;
  close(): Promise<void>;
}

export async function createTestApp(): Promise<TestApp> {
  const app = await createApp({ web: false });
  const server = app.getHttpServer() as App;
  // Every answer of this suite is checked against the served OpenAPI document's response schemas.
  const document = buildOpenApi(app, app.get<AppConfig>(APP_CONFIG));
  checkResponsesAgainst(app.getHttpServer() as Server, document as unknown as Parameters<typeof checkResponsesAgainst>[1]);
  return {
    app,
    server,
    async login(username, password = DEMO_PASSWORD) {
      const res = await request(server).post('/mbl/api/login').send({ username, password });
      if (res.status !== 200) throw new Error(`login ${username} answered ${res.status}: ${JSON.stringify(res.body)}`);
      return (res.body as { jwt: string }).jwt;
    },
    async prepareEnrollments(employeeId) {
      const [row] = (await app.get(DataSource).query('SELECT client_id FROM employee WHERE id = $1', [employeeId])) as Array<{ client_id: number }>;
      if (!row) throw new Error(`no employee ${employeeId}`);
      return app.get(RequestContext).runAs({ clientId: row.client_id, requestedBy: null }, () => app.get(EnrollmentsService).prepareRows(employeeId));
    },
    close: () => app.close(),
  };
}
