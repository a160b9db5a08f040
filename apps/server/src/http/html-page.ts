// The shop's plain HTML pages outside the storefront (the providers' simulators, the shipment labels):
// one document shell, one escape, and one way to send them with a policy of their own.
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A zh-TW page kept out of search engines, with its one stylesheet carrying the response's nonce. */
export function htmlDocument(nonce: string, title: string, style: string, content: string): string {
  return `<!doctype html>
<html lang="zh-Hant-TW">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style nonce="${escapeHtml(nonce)}">${style}</style>
</head>
<body>
${content}
</body>
</html>`;
}

/**
 * Sends a page with a policy of its own: no script, its stylesheet by nonce, forms to this shop
 * only; `images` lets it show the shop's own pictures.
 */
export function sendHtmlPage(
  reply: FastifyReply,
  status: number,
  render: (nonce: string) => string,
  { images = false } = {},
) {
  const nonce = randomBytes(16).toString('base64');
  const imgSrc = images ? " img-src 'self';" : '';
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'nonce-${nonce}';${imgSrc} form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    )
    .send(render(nonce));
}
