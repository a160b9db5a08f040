// HTML of the store-map simulator and of the map reply's refusals (docs/decisions/053): plain
// server-rendered forms, no script, one small stylesheet carrying the response's CSP nonce.
import { STORE_CHAIN_NAMES, type StoreChain } from '@shop/domain';
import { escapeHtml, htmlDocument } from '../../http/html-page.ts';
import type { SimulatorStore } from './simulator-stores.ts';

export { escapeHtml };

const STYLE = `
:root{--ink:#1f2a2e;--muted:#5b676c;--line:#d9e1e3;--brand:#0f7a4f;--brand-dark:#0b5c3b;--bg:#f3f6f6;--warn:#fff4d6;--error:#b3261e}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);font:16px/1.6 'PingFang TC','Noto Sans TC','Microsoft JhengHei',system-ui,sans-serif}
.banner{margin:0;background:var(--warn);border-bottom:1px solid #ecd9a0;padding:10px 16px;text-align:center;font-size:14px}
main{max-width:640px;margin:0 auto;padding:20px 16px 48px}
.brand{margin:0 0 4px;color:var(--brand);font-weight:700;letter-spacing:.08em}
h1{margin:0 0 16px;font-size:24px;line-height:1.35}
h2{margin:0 0 12px;font-size:18px}
.card{background:#fff;border:1px solid var(--line);border-radius:14px;padding:16px;margin-bottom:16px}
.search{display:grid;gap:12px}
.field label{display:block;font-weight:600;margin-bottom:4px}
select,input[type=search]{width:100%;height:48px;font:inherit;padding:0 12px;border:1px solid #9aa7ab;border-radius:10px;background:#fff;color:inherit}
button{font:inherit;font-weight:700;min-height:48px;padding:10px 16px;border-radius:10px;cursor:pointer;border:2px solid var(--brand)}
.primary{background:var(--brand);color:#fff}
.primary:hover{background:var(--brand-dark)}
.secondary{background:#fff;color:var(--brand-dark)}
.stores{list-style:none;margin:0;padding:0;display:grid;gap:12px}
.store{background:#fff;border:1px solid var(--line);border-radius:14px;padding:14px 16px;display:grid;gap:10px}
.store h3{margin:0;font-size:18px}
.store p{margin:0;color:var(--muted);overflow-wrap:anywhere}
.store form{margin:0}
.store button{width:100%}
.tag{display:inline-block;margin-left:6px;padding:0 8px;border-radius:999px;background:#e6f2ec;color:var(--brand-dark);font-size:13px;font-weight:600;vertical-align:middle}
.count{margin:0 0 12px;color:var(--muted)}
.back{display:inline-block;margin-top:16px;color:var(--brand-dark);min-height:44px;padding:10px 0}
:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
.alert{border:2px solid var(--error);background:#fdecea;border-radius:10px;padding:12px;margin-bottom:16px}
@media (min-width:640px){main{padding-top:40px}.search{grid-template-columns:1fr 1fr auto;align-items:end}.store{grid-template-columns:1fr auto;align-items:center}.store button{width:auto}}
`;

/** A page of the simulator; the banner says whom it plays, so nobody takes it for ECPay's own. */
function page(nonce: string, title: string, body: string, banner: string): string {
  return htmlDocument(
    nonce,
    title,
    STYLE,
    `${banner ? `<p class="banner" role="note">${banner}</p>` : ''}
<main>
${body}
</main>`,
  );
}

const SIMULATOR_BANNER = '測試環境：這是商店內建的門市地圖模擬器，扮演綠界 ECPay 的超商電子地圖，門市資料僅供測試。';

function hiddenInputs(fields: Readonly<Record<string, string>>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
}

export interface MapPageOptions {
  nonce: string;
  chain: StoreChain;
  /** The map request as received: posted again by the search, so the choice keeps its ticket. */
  request: Readonly<Record<string, string>>;
  /** The form action of the reply (ServerReplyURL as a path of the shop). */
  replyAction: string;
  districts: readonly string[];
  district: string;
  words: string;
  stores: readonly SimulatorStore[];
  /** The fields of a store's reply, as ECPay's map posts them. */
  replyFields: (store: SimulatorStore) => Record<string, string>;
  backHref: string;
}

/** The chain's stores, searchable by district and words; each 「選擇」 posts the reply to the shop. */
export function storeMapPage(o: MapPageOptions): string {
  const chainName = STORE_CHAIN_NAMES[o.chain];
  const options = ['<option value="">全部區域</option>']
    .concat(
      o.districts.map(
        (d) => `<option value="${escapeHtml(d)}"${d === o.district ? ' selected' : ''}>${escapeHtml(d)}</option>`,
      ),
    )
    .join('');
  const list = o.stores
    .map(
      (s) => `<li class="store">
<div>
<h3>${escapeHtml(s.name)}${s.outside ? '<span class="tag">離島</span>' : ''}</h3>
<p>店號 ${escapeHtml(s.id)}</p>
<p>${escapeHtml(s.address)}</p>
<p>電話 ${escapeHtml(s.telephone)}</p>
</div>
<form method="post" action="${escapeHtml(o.replyAction)}">
${hiddenInputs(o.replyFields(s))}
<button class="primary" type="submit" aria-label="選擇 ${escapeHtml(s.name)}">選擇此門市</button>
</form>
</li>`,
    )
    .join('\n');
  return page(
    o.nonce,
    `${chainName} 門市地圖`,
    `<p class="brand">ECPay 電子地圖模擬</p>
<h1>選擇 ${escapeHtml(chainName)} 取貨門市</h1>
<form class="card search" method="post" action="" role="search" aria-label="搜尋門市">
${hiddenInputs(o.request)}
<div class="field"><label for="sim-district">區域</label><select id="sim-district" name="sim_district">${options}</select></div>
<div class="field"><label for="sim-words">門市名稱、地址或店號</label><input type="search" id="sim-words" name="sim_q" value="${escapeHtml(o.words)}" maxlength="40" autocomplete="off"></div>
<button class="secondary" type="submit">搜尋門市</button>
</form>
<section aria-labelledby="stores-heading">
<h2 id="stores-heading">門市列表</h2>
<p class="count" role="status">${o.stores.length > 0 ? `共 ${o.stores.length} 間門市` : '這個區域找不到符合的門市，請換個區域或關鍵字。'}</p>
<ul class="stores">
${list}
</ul>
</section>
<a class="back" href="${escapeHtml(o.backHref)}">取消，返回商店</a>`,
    SIMULATOR_BANNER,
  );
}

/** The simulator refusing a map request (wrong merchant, unknown sub-type…). */
export function mapErrorPage(nonce: string, detail: string, backHref: string): string {
  return page(
    nonce,
    '無法開啟門市地圖',
    `<p class="brand">ECPay 電子地圖模擬</p>
<h1>無法開啟門市地圖</h1>
<div class="alert" role="alert">${escapeHtml(detail)}</div>
<a class="back" href="${escapeHtml(backHref)}">返回商店</a>`,
    SIMULATOR_BANNER,
  );
}

/** The shop refusing a map reply: what went wrong, and the way back to the checkout. */
export function replyRefusedPage(nonce: string, detail: string, backHref: string): string {
  return page(
    nonce,
    '無法使用選擇的門市',
    `<h1>無法使用選擇的門市</h1>
<div class="alert" role="alert">${escapeHtml(detail)}</div>
<a class="back" href="${escapeHtml(backHref)}">返回購物車，重新選擇門市</a>`,
    '',
  );
}
