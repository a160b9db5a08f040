import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendHtmlPage } from '../../http/html-page.ts';

/** A page of plain HTML with its own policy: its nonce'd stylesheet, forms to this shop only, no script. */
export function sendHtml(reply: FastifyReply, status: number, render: (nonce: string) => string) {
  return sendHtmlPage(reply, status, render);
}

/** ECPay's map posts `application/x-www-form-urlencoded` (UTF-8); a repeated name keeps its last value. */
export function acceptFormBodies(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/** A form body as fields; only string values count. */
export function formFields(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}
