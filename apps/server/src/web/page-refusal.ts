// A page request the shop turns away before React Router sees it (a post over the limit, a crowd
// past what the process takes) gets this small zh-TW page: the storefront's own layout would cost
// the very render the shop is refusing. Its look follows the storefront's colours and fonts.
import crypto from 'node:crypto';

export interface PageRefusal {
  title: string;
  detail: string;
}

/** A post over the page body limit (request-handler.ts): the browser still holds what was typed. */
export const POST_TOO_LARGE: PageRefusal = {
  title: '送出的資料太大',
  detail: '這次送出的資料超過網站可接受的大小，因此沒有處理。請按瀏覽器的「上一頁」回到表單，縮短內容後再送出一次。',
};

/** Fastify's other refusals of a post it cannot read (a length that does not match, a broken form). */
export const POST_UNREADABLE: PageRefusal = {
  title: '送出的資料有誤',
  detail: '這次送出的資料格式不正確，因此沒有處理。請按瀏覽器的「上一頁」回到表單，再送出一次。',
};

/** The process has its fill of work (http/overload.ts); the page reloads itself after Retry-After. */
export const TOO_BUSY: PageRefusal = {
  title: '目前人潮眾多',
  detail: '網站正忙著為其他顧客服務，這個頁面會在幾秒後自動重新載入，也可以稍候再按重新整理。',
};

const STYLE =
  "body{margin:0;min-height:100vh;display:grid;place-items:center;background:#fbf8f4;color:#2b2623;font-family:'PingFang TC','Noto Sans TC','Noto Sans CJK TC','Microsoft JhengHei',system-ui,sans-serif;text-align:center}" +
  'main{max-width:32rem;padding:24px}h1{font-size:1.5rem;margin:0 0 12px}p{color:#6c625b;line-height:1.8;margin:0 0 20px}' +
  'a{display:inline-block;padding:10px 24px;border-radius:999px;background:#b4502a;color:#fff;text-decoration:none}';

/** The one inline style the page's policy allows, by its hash: no nonce is needed for fixed text. */
const STYLE_SOURCE = `'sha256-${crypto.createHash('sha256').update(STYLE).digest('base64')}'`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * The headers and body of a refusal page. `reloadAfterSeconds` makes the browser ask again by
 * itself, as Retry-After asks, so a shopper in a crowd need not press anything.
 */
export function refusalPage(
  refusal: PageRefusal,
  options: { reloadAfterSeconds?: number } = {},
): { headers: Record<string, string>; body: string } {
  const reload =
    options.reloadAfterSeconds === undefined
      ? ''
      : `<meta http-equiv="refresh" content="${options.reloadAfterSeconds}">`;
  const body =
    '<!DOCTYPE html><html lang="zh-Hant-TW"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="robots" content="noindex">${reload}<title>${escapeHtml(refusal.title)}</title>` +
    `<style>${STYLE}</style></head><body><main><h1>${escapeHtml(refusal.title)}</h1>` +
    `<p>${escapeHtml(refusal.detail)}</p><a href="/">回首頁</a></main></body></html>`;
  return {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex',
      'content-security-policy': `default-src 'none'; style-src ${STYLE_SOURCE}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    },
    body,
  };
}
