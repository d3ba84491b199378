import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { LOG_LEVELS, logSettings } from '../logging/log-settings';

/** Local defaults when no .env says otherwise (scripts/setup.sh writes one with fresh passwords). */
export const DEFAULT_DATABASE_URLS = {
  app: 'postgres://bp_app:bp_app_local@127.0.0.1:5432/benefits_portal',
  owner: 'postgres://bp_owner:bp_owner_local@127.0.0.1:5432/benefits_portal',
  admin: 'postgres://postgres:postgres@127.0.0.1:5432/postgres',
} as const;

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().default(3000),
  HOST: z.string().default('0.0.0.0'),
  PRODUCT_NAME: z.string().default('Benefits Portal'),
  /** Where people reach the portal (links in emails); defaults to this machine's PORT. */
  PUBLIC_URL: z.string().optional(),
  /** The app's own login (not a superuser, owns nothing); see core/database/database-roles.ts. */
  DATABASE_URL: z.string().default(DEFAULT_DATABASE_URLS.app),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  QUEUE_PREFIX: z.string().default('bp'),
  JWT_SECRET: z.string().min(16).optional(),
  JWT_TTL_MINUTES: z.coerce.number().int().positive().default(480),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  /** "1:<base64 32 bytes>,2:<...>": every key that may still decrypt old rows. */
  DATA_KEYS: z.string().optional(),
  /** The key id new values are encrypted with. */
  DATA_KEY_ID: z.string().default('1'),
  COOKIE_SECRET: z.string().optional(),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('Benefits Portal <no-reply@benefits.local>'),
  DEV_SMTP_PORT: z.coerce.number().int().default(1025),
  DEV_MAILBOX: bool.optional(),
  LITE_SITE_URL: z.string().default('/lite'),
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  WEB_MODE: z.enum(['production', 'development', 'off']).default('production'),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_IP_MAX_FAILURES: z.coerce.number().int().positive().default(50),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  /** Password checks per account per minute from all addresses together: a stranger slows, never locks, the owner. */
  LOGIN_ACCOUNT_MAX_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Local-disk root of the file storage (uploads, SBCs, generated documents). */
  FILE_STORAGE_DIR: z.string().default('.data/files'),
  /** Where file bytes live: local disk (one machine) or S3-compatible object storage (several replicas share it). */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().default('benefits-portal'),
  S3_REGION: z.string().default('us-east-1'),
  /** An S3-compatible server (MinIO, s3rver); unset means AWS itself. */
  S3_ENDPOINT: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** MinIO and most S3-compatible servers address buckets by path, not by host name. */
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** Custom-email campaigns: emails per client per second (the worker delays the rest, without using an attempt). */
  CAMPAIGN_RATE_PER_SECOND: z.coerce.number().int().positive().default(50),
  /** On SIGTERM a process finishes what it has in hand for at most this long, then exits anyway (under Kubernetes' 30 s grace). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(25_000),
  /** The workers' own HTTP port for /health/live, /health/ready; 0 (the default): none, so that several workers
   *  processes on one machine (tests, a bench) never contend for a port. A deployment sets it (docker-compose.yml). */
  WORKER_HEALTH_PORT: z.coerce.number().int().min(0).default(0),
  /**
   * GET /metrics answers a caller with `Authorization: Bearer <this>` (blank is unset: docker-compose.yml passes
   * `${METRICS_TOKEN:-}`, an empty value when the deployment sets none),
   */
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16).optional()),
  /** or one from these networks ("10.0.0.0/8,127.0.0.1/32"); nobody else. */
  METRICS_ALLOW_CIDR: z.string().default(''),
});

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

export type AppConfig = Readonly<{
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  productName: string;
  publicUrl: string;
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  jwtSecret: string;
  jwtTtlSeconds: number;
  sessionIdleSeconds: number;
  dataKeys: ReadonlyMap<string, Buffer>;
  dataKeyId: string;
  smtpUrl: string | undefined;
  smtpFrom: string;
  devSmtpPort: number;
  /** An embedded SMTP sink runs (and /mbl/dev/mailbox answers) only outside production without SMTP_URL. */
  devMailbox: boolean;
  liteSiteUrl: string;
  logLevel: string;
  /** One readable line per log entry (development) instead of JSON (core/logging/log-settings.ts). */
  logPretty: boolean;
  webMode: 'production' | 'development' | 'off';
  loginMaxFailures: number;
  loginIpMaxFailures: number;
  loginWindowSeconds: number;
  loginAccountMaxPerMinute: number;
  fileStorageDir: string;
  storageDriver: 'local' | 's3';
  s3: S3Settings;
  campaignRatePerSecond: number;
  shutdownTimeoutMs: number;
  workerHealthPort: number;
  metricsToken: string | undefined;
  metricsAllowCidr: readonly string[];
}>;

export const APP_CONFIG = Symbol('APP_CONFIG');

/** Development and tests get fixed, clearly fake secrets; production refuses to start without real ones. */
const DEV_JWT_SECRET = 'dev-only-jwt-secret-change-me-0123456789';
const DEV_DATA_KEY = Buffer.alloc(32, 7).toString('base64');

function parseKeys(spec: string): Map<string, Buffer> {
  const keys = new Map<string, Buffer>();
  for (const part of spec.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [id, b64] = part.split(':');
    const key = Buffer.from(b64 ?? '', 'base64');
    if (!id || key.length !== 32) throw new Error(`DATA_KEYS entry "${id ?? ''}" must be <id>:<32 bytes base64>`);
    keys.set(id, key);
  }
  return keys;
}

let envFileLoaded = false;
/** Reads ./.env once (written by scripts/setup.sh), never overriding variables already set. */
export function loadEnvFile(): void {
  if (envFileLoaded) return;
  envFileLoaded = true;
  const file = resolve(process.cwd(), '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  if (source === process.env) loadEnvFile();
  const env = ZEnv.parse(source);
  const production = env.NODE_ENV === 'production';
  if (production && (!env.JWT_SECRET || !env.DATA_KEYS || !env.COOKIE_SECRET)) {
    throw new Error('JWT_SECRET, DATA_KEYS and COOKIE_SECRET must be set in production');
  }
  const dataKeys = parseKeys(env.DATA_KEYS ?? `1:${DEV_DATA_KEY}`);
  if (!dataKeys.has(env.DATA_KEY_ID)) throw new Error(`DATA_KEY_ID ${env.DATA_KEY_ID} is not in DATA_KEYS`);
  return Object.freeze({
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    productName: env.PRODUCT_NAME,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    queuePrefix: env.QUEUE_PREFIX,
    jwtSecret: env.JWT_SECRET ?? DEV_JWT_SECRET,
    jwtTtlSeconds: env.JWT_TTL_MINUTES * 60,
    sessionIdleSeconds: env.SESSION_IDLE_MINUTES * 60,
    dataKeys,
    dataKeyId: env.DATA_KEY_ID,
    smtpUrl: env.SMTP_URL,
    smtpFrom: env.SMTP_FROM,
    devSmtpPort: env.DEV_SMTP_PORT,
    devMailbox: !production && !env.SMTP_URL && env.DEV_MAILBOX !== false,
    liteSiteUrl: env.LITE_SITE_URL,
    logLevel: logSettings(env.NODE_ENV, env.LOG_LEVEL).level,
    logPretty: logSettings(env.NODE_ENV, env.LOG_LEVEL).pretty,
    webMode: env.WEB_MODE,
    loginMaxFailures: env.LOGIN_MAX_FAILURES,
    loginIpMaxFailures: env.LOGIN_IP_MAX_FAILURES,
    loginWindowSeconds: env.LOGIN_WINDOW_SECONDS,
    loginAccountMaxPerMinute: env.LOGIN_ACCOUNT_MAX_PER_MINUTE,
    fileStorageDir: resolve(process.cwd(), env.FILE_STORAGE_DIR),
    storageDriver: env.STORAGE_DRIVER,
    s3: {
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    },
    campaignRatePerSecond: env.CAMPAIGN_RATE_PER_SECOND,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    workerHealthPort: env.WORKER_HEALTH_PORT,
    metricsToken: env.METRICS_TOKEN,
    metricsAllowCidr: env.METRICS_ALLOW_CIDR.split(',').map((s) => s.trim()).filter(Boolean),
  });
}
