import type { FastifyServerOptions } from 'fastify';

// Logs never hold passwords, tokens, codes or full phone numbers (issue: members, ASVS v5 ch. 16).
const PHONE = /09\d{8}/g;

export function maskPhonesIn(text: string): string {
  return text.replace(PHONE, (p) => `${p.slice(0, 4)}***${p.slice(7)}`);
}

/** The server's pino options; `stream` (tests) receives the log lines instead of stdout. */
export function loggerOptions(level: string, stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
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
