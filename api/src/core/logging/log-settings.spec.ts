import { loadConfig } from '../config/app-config';
import { logSettings, nestLogLevel, type LogLevel, type LogSettings } from './log-settings';

describe('logSettings', () => {
  it.each<[string | undefined, LogLevel | undefined, LogSettings]>([
    ['development', undefined, { level: 'info', pretty: true }],
    ['development', 'debug', { level: 'debug', pretty: true }],
    ['development', 'warn', { level: 'warn', pretty: true }],
    ['production', undefined, { level: 'info', pretty: false }],
    ['production', 'debug', { level: 'debug', pretty: false }],
    ['test', 'silent', { level: 'silent', pretty: false }],
    ['test', undefined, { level: 'info', pretty: false }],
    [undefined, undefined, { level: 'info', pretty: false }],
  ])('NODE_ENV=%s LOG_LEVEL=%s -> %j', (nodeEnv, level, expected) => {
    expect(logSettings(nodeEnv, level)).toEqual(expected);
  });

  it('is what the configuration reads from the environment', () => {
    const base = { JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...base, NODE_ENV: 'development' })).toMatchObject({ logLevel: 'info', logPretty: true });
    expect(loadConfig({ ...base, NODE_ENV: 'development', LOG_LEVEL: 'debug' })).toMatchObject({ logLevel: 'debug', logPretty: true });
    expect(loadConfig({ ...base, NODE_ENV: 'test', LOG_LEVEL: 'warn' })).toMatchObject({ logLevel: 'warn', logPretty: false });
    expect(() => loadConfig({ ...base, NODE_ENV: 'test', LOG_LEVEL: 'loud' })).toThrow();
  });
});

describe('nestLogLevel', () => {
  it.each<[string | undefined, 'info' | 'debug']>([
    ['InstanceLoader', 'debug'],
    ['RoutesResolver', 'debug'],
    ['RouterExplorer', 'debug'],
    ['NestFactory', 'debug'],
    ['NestApplication', 'debug'],
    ['JobWorkers', 'info'],
    ['Site', 'info'],
    [undefined, 'info'],
  ])('%s -> %s', (context, expected) => {
    expect(nestLogLevel(context)).toBe(expected);
  });
});
