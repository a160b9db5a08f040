import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_BUSY_MSG, DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/database-unavailable.ts';
import { DomainError, type FieldError } from '../errors.ts';

const STATUS_MESSAGES: Record<number, string> = {
  400: '輸入資料有誤',
  401: '請先登入',
  403: '沒有權限',
  404: '找不到資料',
  405: '不支援此操作',
  409: '資料衝突，請重新整理後再試',
  413: '檔案或資料太大',
  415: '不支援的資料格式',
  429: '請求過於頻繁，請稍後再試',
};

/** The envelope of ARCHITECTURE.md: `{code, msg, errors?}`; never a stack trace. */
export function errorBody(status: number, msg: string, errors?: FieldError[]) {
  return errors?.length ? { code: status, msg, errors } : { code: status, msg };
}

function fieldOf(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return path || context || 'body';
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        field: fieldOf(v.instancePath, error.validationContext),
        msg: v.message ?? STATUS_MESSAGES[400]!,
      }));
      return reply.code(400).send(errorBody(400, STATUS_MESSAGES[400]!, errors));
    }
    if (error instanceof DomainError) {
      return reply.code(error.status).send(errorBody(error.status, error.message, error.errors));
    }
    if (isDatabaseUnavailable(error)) {
      // issue 22: a lost connection, a timeout or a restarting server is no bug in the request or the
      // code: a warning, not an error, and the shopper is asked to try again in a few seconds.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(errorBody(503, DATABASE_BUSY_MSG));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type) in zh-TW.
      return reply.code(status).send(errorBody(status, STATUS_MESSAGES[status] ?? STATUS_MESSAGES[400]!));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody(500, '伺服器發生錯誤，請稍後再試'));
  });
}
