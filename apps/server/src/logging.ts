import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

// Logs never hold passwords, tokens, codes or full phone numbers (issue: members, ASVS v5 ch. 16).
const PHONE = /09\d{8}/g;

export function maskPhonesIn(text: string): string {
  return text.replace(PHONE, (p) => `${p.slice(0, 4)}***${p.slice(7)}`);
}

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
/** What a service logs through: Fastify's logger, or a stand-in in its tests. */
export interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export type LogLevel = (typeof LEVELS)[number];

/**
 * The level of routes that would only be noise at info (the probes a load balancer sends every few
 * seconds, built files): their failures still show, their every call does not. Never below LOG_LEVEL:
 * a route's level replaces the server's for its requests.
 */
export function quietLogLevel(level: LogLevel): LogLevel {
  return LEVELS.indexOf(level) > LEVELS.indexOf('warn') ? level : 'warn';
}

/**
 * pino-pretty's path when the lines go to a developer's terminal: stdout is a TTY and this is not
 * production. Production (and anything piped: a log shipper, `npm start > file`) keeps one JSON object
 * per line. Null too when pino-pretty is not installed (`npm ci --omit=dev`).
 */
export function prettyTarget(nodeEnv: string, isTty: boolean | undefined): string | null {
  if (nodeEnv === 'production' || !isTty) return null;
  try {
    // Resolved here, not by pino: the bundled server (dist/) runs from another folder than pino expects.
    return createRequire(import.meta.url).resolve('pino-pretty');
  } catch {
    return null;
  }
}

/**
 * The server's pino options; `stream` (tests) receives the log lines instead of stdout; `pretty`
 * (from prettyTarget()) turns stdout's lines into readable ones.
 */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
  pretty: string | null = null,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    ...(!stream && pretty
      ? {
          transport: {
            target: pretty,
            options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
          },
        }
      : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
        'password',
        'refresh_token',
        'access_token',
        '*.password',
        '*.refresh_token',
        '*.access_token',
        '*.code',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(req: { method: string; url: string; ip?: string }) {
        return { method: req.method, url: maskPhonesIn(req.url), ip: req.ip };
      },
    },
  };
}
