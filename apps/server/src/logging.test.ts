import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, prettyTarget, quietLogLevel } from './logging.ts';

describe('prettyTarget', () => {
  it('prints readable lines on a developer terminal only', () => {
    expect(prettyTarget('development', true)).toMatch(/pino-pretty/);
    expect(prettyTarget('test', true)).toMatch(/pino-pretty/);
    expect(prettyTarget('production', true)).toBeNull();
    expect(prettyTarget('development', false)).toBeNull();
    expect(prettyTarget('development', undefined)).toBeNull();
  });
});

describe('loggerOptions', () => {
  it('keeps the redaction when the lines are made readable', () => {
    const options = loggerOptions('info', undefined, '/path/to/pino-pretty') as Record<string, unknown>;
    expect(options.transport).toMatchObject({ target: '/path/to/pino-pretty' });
    expect(options.redact).toMatchObject({ censor: '[redacted]' });
  });

  it('writes JSON lines to a given stream, never through pino-pretty', () => {
    const options = loggerOptions('info', { write() {} }, '/path/to/pino-pretty') as Record<string, unknown>;
    expect(options.transport).toBeUndefined();
  });
});

describe('quietLogLevel', () => {
  it.each([
    ['trace', 'warn'],
    ['info', 'warn'],
    ['warn', 'warn'],
    ['error', 'error'],
    ['silent', 'silent'],
  ] as const)('LOG_LEVEL %s: quiet routes log at %s', (level, quiet) => {
    expect(quietLogLevel(level)).toBe(quiet);
  });
});

describe('the redaction', () => {
  it('hides a password or token logged at the top level as well as one level down', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: loggerOptions('info', { write: (line) => lines.push(line) }) });
    app.get('/login', async (req) => {
      req.log.info({ password: 'Demo1234', refresh_token: 'rt-secret', body: { password: 'Demo1234' } }, 'login');
      return 'ok';
    });
    await app.inject({ method: 'GET', url: '/login' });
    await app.close();
    expect(lines.join('')).toContain('login');
    expect(lines.join('')).not.toContain('Demo1234');
    expect(lines.join('')).not.toContain('rt-secret');
  });
});
