// HTML of the payment simulator (docs/decisions/039). Plain
// server-rendered forms, no script at all, one small stylesheet carrying the response's CSP nonce.
import type { FastifyReply } from 'fastify';
import { bankName, formatNtd } from '@shop/domain';
import { escapeHtml, htmlDocument, sendHtmlPage } from '../../http/html-page.ts';
import type { EcpayFields } from './check-mac-value.ts';

/** ECPay's ATM sub-payments the simulator issues from; the names are the domain's bank table. */
export const ATM_BANKS = (
  [
    { paymentType: 'ATM_TAISHIN', code: '812' },
    { paymentType: 'ATM_ESUN', code: '808' },
    { paymentType: 'ATM_BOT', code: '004' },
    { paymentType: 'ATM_CHINATRUST', code: '822' },
  ] as const
).map((bank) => ({ ...bank, name: bankName(bank.code) }));

/** ECPay's published test card: any future expiry date, security code 222. */
export const TEST_CARD = { number: '4311 9522 2222 2222', expiry: '12/30', cvc: '222' };

export { escapeHtml };

export interface CardErrors {
  number?: string;
  expiry?: string;
  cvc?: string;
}

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

const STYLE = `
:root{--ink:#1f2a2e;--muted:#5b676c;--line:#d9e1e3;--brand:#0f7a4f;--brand-dark:#0b5c3b;--bg:#f3f6f6;--warn:#fff4d6;--error:#b3261e}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);font:16px/1.6 'PingFang TC','Noto Sans TC','Microsoft JhengHei',system-ui,sans-serif}
.banner{background:var(--warn);border-bottom:1px solid #ecd9a0;padding:10px 16px;text-align:center;font-size:14px}
main{max-width:560px;margin:0 auto;padding:20px 16px 48px}
.brand{margin:0 0 4px;color:var(--brand);font-weight:700;letter-spacing:.08em}
h1{margin:0 0 16px;font-size:24px;line-height:1.35}
h2{margin:0 0 12px;font-size:18px}
.card{background:#fff;border:1px solid var(--line);border-radius:14px;padding:18px;margin-bottom:16px}
dl{margin:0;display:grid;grid-template-columns:max-content 1fr;gap:8px 16px}
dt{color:var(--muted)}
dd{margin:0;overflow-wrap:anywhere}
ul{margin:0;padding-left:1.2em}
.amount{font-size:26px;font-weight:700;color:var(--brand-dark)}
fieldset{border:0;margin:0;padding:0}
legend{font-weight:700;font-size:18px;margin-bottom:12px;padding:0}
.field{margin-bottom:14px}
.field label,.label{display:block;font-weight:600;margin-bottom:4px}
input[type=text]{width:100%;font:inherit;padding:12px;border:1px solid #9aa7ab;border-radius:10px;background:#fff;color:inherit}
input[aria-invalid=true]{border-color:var(--error);border-width:2px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.hint{margin:4px 0 0;color:var(--muted);font-size:14px}
.error{margin:4px 0 0;color:var(--error);font-size:14px;font-weight:600}
.banks{display:grid;gap:8px}
.bank{display:flex;align-items:center;gap:10px;padding:12px;border:1px solid var(--line);border-radius:10px;cursor:pointer}
.bank input{width:20px;height:20px;accent-color:var(--brand)}
.actions{display:grid;gap:10px;margin-top:18px}
button{font:inherit;font-weight:700;min-height:48px;padding:12px 16px;border-radius:10px;cursor:pointer;border:2px solid var(--brand)}
.primary{background:var(--brand);color:#fff}
.primary:hover{background:var(--brand-dark)}
.secondary{background:#fff;color:var(--brand-dark)}
.back{display:inline-block;margin-top:8px;color:var(--brand-dark)}
:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
.alert{border:2px solid var(--error);background:#fdecea;border-radius:10px;padding:12px;margin-bottom:16px}
@media (min-width:640px){main{padding-top:40px}.actions{grid-template-columns:1fr 1fr}}
`;

/** What a simulator plays, as its title and banner say: the payment pages, or LINE's (issue 41). */
export interface SimulatorRole {
  name: string;
  plays: string;
}
const PAYMENT_SIMULATOR: SimulatorRole = { name: '付款模擬器', plays: '的付款頁，不會真的扣款' };

/** A simulator page: the banner says which provider it plays, so nobody mistakes it for the real one. */
export function simulatorPage(
  nonce: string,
  title: string,
  body: string,
  provider = '綠界 ECPay',
  role: SimulatorRole = PAYMENT_SIMULATOR,
): string {
  return htmlDocument(
    nonce,
    `${title}｜${role.name}`,
    STYLE,
    `<p class="banner" role="note">測試環境：這是商店內建的${escapeHtml(role.name)}，扮演 ${escapeHtml(provider)} ${escapeHtml(role.plays)}。</p>
<main>
${body}
</main>`,
  );
}

function hiddenInputs(fields: EcpayFields): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
}

function orderSummary(fields: EcpayFields): string {
  const items = (fields.ItemName ?? '')
    .split('#')
    .filter(Boolean)
    .map((item) => `<li>${escapeHtml(item)}</li>`)
    .join('');
  return `<section class="card" aria-labelledby="order-heading">
<h2 id="order-heading">訂單資訊</h2>
<dl>
<dt>商店訂單編號</dt><dd>${escapeHtml(fields.MerchantTradeNo ?? '')}</dd>
<dt>商品</dt><dd><ul>${items}</ul></dd>
<dt>應付金額</dt><dd class="amount">${escapeHtml(formatNtd(Number(fields.TotalAmount)))}</dd>
</dl>
</section>`;
}

function field(
  id: string,
  label: string,
  input: {
    name: string;
    value: string;
    autocomplete: string;
    inputmode: string;
    maxlength: number;
    placeholder?: string;
  },
  hint: string | null,
  error: string | undefined,
): string {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return `<div class="field">
<label for="${id}">${label}</label>
<input type="text" id="${id}" name="${input.name}" value="${escapeHtml(input.value)}" autocomplete="${input.autocomplete}" inputmode="${input.inputmode}" maxlength="${input.maxlength}"${input.placeholder ? ` placeholder="${input.placeholder}"` : ''} required${describedBy ? ` aria-describedby="${describedBy}"` : ''}${error ? ' aria-invalid="true"' : ''}>
${hint ? `<p class="hint" id="${id}-hint">${hint}</p>` : ''}${error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ''}
</div>`;
}

export interface CheckoutPageOptions {
  nonce: string;
  /** The signed checkout fields as received, posted on with the shopper's choice. */
  fields: EcpayFields;
  tradeNo: string;
  /** Where 「取消付款」 goes. */
  backHref: string;
  card?: CardInput;
  errors?: CardErrors;
}

/** The card form (ChoosePayment=Credit), the bank choice (ATM) or the 超商代碼 step (CVS). */
export function checkoutPage({
  nonce,
  fields,
  tradeNo,
  backHref,
  card = TEST_CARD,
  errors = {},
}: CheckoutPageOptions): string {
  const isAtm = fields.ChoosePayment === 'ATM';
  // Apple Pay and 台灣Pay: the simulator stands in for the wallet or the banking app's scan.
  const wallet = fields.ChoosePayment === 'ApplePay' ? 'Apple Pay' : fields.ChoosePayment === 'TWQR' ? '台灣Pay' : null;
  const isBarcode = fields.ChoosePayment === 'BARCODE';
  const isCvs = fields.ChoosePayment === 'CVS' || isBarcode;
  const cvsTitle = isBarcode ? '超商條碼繳費' : '超商代碼繳費';
  const hasErrors = Object.values(errors).some(Boolean);
  const alert = hasErrors
    ? `<div class="alert" role="alert"><strong>信用卡資料有誤</strong>，請修正標示的欄位後再付款。</div>`
    : '';
  const choice = wallet
    ? `<p class="hint">${wallet === 'Apple Pay' ? '在 iPhone 或 Mac 上以 Apple Pay 確認付款。' : '以銀行 App 掃描台灣Pay QR Code 完成付款。'}</p>
<div class="actions">
<button class="primary" type="submit" name="sim_action" value="pay">以 ${wallet} 付款</button>
<button class="secondary" type="submit" name="sim_action" value="fail">模擬付款失敗</button>
</div>`
    : isCvs
      ? isBarcode
        ? `<p class="hint">取得三段繳費條碼後，請在期限內到 7-ELEVEN、全家、萊爾富或 OK超商的櫃檯出示條碼付款。</p>
<div class="actions">
<button class="primary" type="submit" name="sim_action" value="cvs">取得繳費條碼</button>
<button class="secondary" type="submit" name="sim_action" value="cvs_paid">取得條碼並模擬完成繳費</button>
</div>`
        : `<p class="hint">取得超商繳費代碼後，請在期限內到 7-ELEVEN、全家、萊爾富或 OK超商的機台輸入代碼，列印繳費單後到櫃檯付款。</p>
<div class="actions">
<button class="primary" type="submit" name="sim_action" value="cvs">取得繳費代碼</button>
<button class="secondary" type="submit" name="sim_action" value="cvs_paid">取得代碼並模擬完成繳費</button>
</div>`
      : isAtm
        ? `<fieldset>
<legend>選擇轉帳銀行</legend>
<div class="banks">
${ATM_BANKS.map(
  (bank, i) =>
    `<label class="bank"><input type="radio" name="sim_bank" value="${bank.paymentType}"${i === 0 ? ' checked' : ''}> ${bank.name}（${bank.code}）</label>`,
).join('\n')}
</div>
<p class="hint">取得虛擬帳號後，請在期限內以 ATM 或網路銀行轉帳。</p>
</fieldset>
<div class="actions">
<button class="primary" type="submit" name="sim_action" value="atm">取得繳費帳號</button>
<button class="secondary" type="submit" name="sim_action" value="atm_paid">取得帳號並模擬完成轉帳</button>
</div>`
        : `<fieldset>
<legend>信用卡資料</legend>
${field('card-number', '卡號', { name: 'sim_card_number', value: card.number, autocomplete: 'cc-number', inputmode: 'numeric', maxlength: 23 }, '測試卡號 4311-9522-2222-2222，安全碼 222，有效期限任一未來月份。', errors.number)}
<div class="row">
${field('card-expiry', '有效期限', { name: 'sim_card_expiry', value: card.expiry, autocomplete: 'cc-exp', inputmode: 'numeric', maxlength: 5, placeholder: 'MM/YY' }, '月/年，例如 12/30', errors.expiry)}
${field('card-cvc', '安全碼', { name: 'sim_card_cvc', value: card.cvc, autocomplete: 'cc-csc', inputmode: 'numeric', maxlength: 4 }, '卡片背面 3 碼', errors.cvc)}
</div>
</fieldset>
<div class="actions">
<button class="primary" type="submit" name="sim_action" value="pay">付款</button>
<button class="secondary" type="submit" name="sim_action" value="fail">模擬付款失敗</button>
</div>`;
  return simulatorPage(
    nonce,
    wallet ? `${wallet} 付款` : isCvs ? cvsTitle : isAtm ? 'ATM 轉帳' : '信用卡付款',
    `<p class="brand">ECPay 付款模擬</p>
<h1>${wallet ? `${wallet} 付款` : isCvs ? cvsTitle : isAtm ? 'ATM 虛擬帳號轉帳' : '信用卡付款'}</h1>
${alert}
${orderSummary(fields)}
<form class="card" method="post" action="/payment-simulator/pay">
${hiddenInputs(fields)}
<input type="hidden" name="sim_trade_no" value="${escapeHtml(tradeNo)}">
${choice}
</form>
<a class="back" href="${escapeHtml(backHref)}">取消付款，返回商店</a>`,
  );
}

/** A refused request (bad signature, unknown merchant) or a shop that did not answer 1|OK. */
export function errorPage(nonce: string, title: string, detail: string, backHref: string): string {
  return simulatorPage(
    nonce,
    title,
    `<p class="brand">ECPay 付款模擬</p>
<h1>${escapeHtml(title)}</h1>
<div class="alert" role="alert">${escapeHtml(detail)}</div>
<a class="back" href="${escapeHtml(backHref)}">返回商店</a>`,
  );
}

/** Sends a simulator page with a policy of its own: no script at all, its one stylesheet by nonce. */
export function sendSimulatorPage(reply: FastifyReply, status: number, render: (nonce: string) => string) {
  return sendHtmlPage(reply, status, render, { images: true });
}
