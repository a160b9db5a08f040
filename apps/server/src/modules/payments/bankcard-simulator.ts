// The bank acquirer's stand-in (BANKCARD_MODE=simulator, decision 060): the payment page the
// checkout form posts to, a card form checked as a bank would, the signed result posted to the
// shop's NotifyURL server to server, and the refund API. Its trades live in this process's memory.
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { formatNtd } from '@shop/domain';
import { shopPath } from '../../http/shop-path.ts';
import {
  BANKCARD_APPROVED,
  BANKCARD_PAY_PATH,
  BANKCARD_REFUND_PATH,
  signBankcardFields,
  verifyBankcardSignature,
  type BankcardFields,
  type BankcardSettings,
} from './bankcard-protocol.ts';
import { formFields } from './ecpay-aio.ts';
import { acceptFormBodies } from './form-bodies.ts';
import { escapeHtml, sendSimulatorPage, simulatorPage, TEST_CARD } from './simulator-page.ts';
import { cardErrors } from './simulator-card.ts';

/** The acquirer's refusal codes the simulator uses. */
export const BANKCARD_DECLINED = 'D051';
const UNKNOWN_TRADE = 'R001';
const OVER_AMOUNT = 'R002';

interface Trade {
  orderNo: string;
  amount: number;
  refunded: number;
  refunds: Map<string, BankcardFields>;
}

export function createBankcardSimulator(settings: BankcardSettings) {
  const trades = new Map<string, Trade>();
  const signed = (fields: BankcardFields) => signBankcardFields(fields, settings.hashKey);

  function approve(orderNo: string, amount: number): string {
    const tradeNo = `SB${Date.now().toString(36).toUpperCase()}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    trades.set(tradeNo, { orderNo, amount, refunded: 0, refunds: new Map() });
    return tradeNo;
  }

  /** POST /bankcard-simulator/refund, as the acquirer answers it: a repeated RefundNo gets the first answer. */
  function refund(body: BankcardFields): BankcardFields {
    if (!verifyBankcardSignature(body, settings.hashKey) || body.MerchantID !== settings.merchantId) {
      return signed({ Status: 'S001', Message: '簽章錯誤' });
    }
    const trade = trades.get(body.TradeNo ?? '');
    if (!trade || trade.orderNo !== body.OrderNo) return signed({ Status: UNKNOWN_TRADE, Message: '查無此交易' });
    const earlier = trade.refunds.get(body.RefundNo ?? '');
    if (earlier) return earlier;
    const amount = Number(body.Amount);
    if (!Number.isInteger(amount) || amount <= 0 || trade.refunded + amount > trade.amount) {
      return signed({ Status: OVER_AMOUNT, Message: '退款金額超過可退金額' });
    }
    trade.refunded += amount;
    const answer = signed({
      Status: BANKCARD_APPROVED,
      Message: '退款成功',
      OrderNo: trade.orderNo,
      RefundNo: body.RefundNo ?? '',
      RefundTradeNo: `RF${trade.refunds.size + 1}${body.TradeNo}`.slice(0, 40),
      Amount: String(amount),
    });
    trade.refunds.set(body.RefundNo ?? '', answer);
    return answer;
  }

  /** The acquirer's API, answered in-process (the shop's refund calls go here in simulator mode). */
  const api: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (url.pathname !== BANKCARD_REFUND_PATH || init?.method !== 'POST') return new Response('', { status: 404 });
    const body = JSON.parse(String(init.body ?? '{}')) as BankcardFields;
    return Response.json(refund(body));
  };

  return { approve, refund, api, settings };
}

export type BankcardSimulator = ReturnType<typeof createBankcardSimulator>;

function hidden(fields: BankcardFields): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
}

/** The card form: the order, the test card filled in, pay or decline. */
function cardPage(nonce: string, fields: BankcardFields, backHref: string, error = ''): string {
  return simulatorPage(
    nonce,
    '信用卡付款',
    `<p class="brand">收單銀行付款模擬</p>
<h1>信用卡付款</h1>
${error ? `<div class="alert" role="alert">${escapeHtml(error)}</div>` : ''}
<section class="card" aria-labelledby="order-heading">
<h2 id="order-heading">訂單資訊</h2>
<dl>
<dt>商店訂單編號</dt><dd>${escapeHtml(fields.OrderNo ?? '')}</dd>
<dt>應付金額</dt><dd class="amount">${escapeHtml(formatNtd(Number(fields.Amount)))}</dd>
</dl>
</section>
<form class="card" method="post" action="${BANKCARD_PAY_PATH}/confirm">
${hidden(fields)}
<fieldset>
<legend>信用卡資料</legend>
<div class="field"><label for="card-number">卡號</label>
<input type="text" id="card-number" name="sim_card_number" value="${escapeHtml(TEST_CARD.number)}" autocomplete="cc-number" inputmode="numeric" maxlength="23" required></div>
<div class="row">
<div class="field"><label for="card-expiry">有效期限</label>
<input type="text" id="card-expiry" name="sim_card_expiry" value="${escapeHtml(TEST_CARD.expiry)}" autocomplete="cc-exp" inputmode="numeric" maxlength="5" placeholder="MM/YY" required></div>
<div class="field"><label for="card-cvc">安全碼</label>
<input type="text" id="card-cvc" name="sim_card_cvc" value="${escapeHtml(TEST_CARD.cvc)}" autocomplete="cc-csc" inputmode="numeric" maxlength="4" required></div>
</div>
</fieldset>
<div class="actions">
<button class="primary" type="submit" name="sim_action" value="pay">付款</button>
<button class="secondary" type="submit" name="sim_action" value="decline">模擬銀行拒絕交易</button>
</div>
</form>
<a class="back" href="${escapeHtml(backHref)}">取消付款，返回商店</a>`,
    '收單銀行',
  );
}

const backPath = (settings: BankcardSettings, fields: BankcardFields) =>
  shopPath(settings.publicUrl, fields.ReturnURL) ?? '/';

/** The acquirer's checks on a payment request: its signature, merchant, amount and a NotifyURL of the shop. */
function genuine(settings: BankcardSettings, fields: BankcardFields): boolean {
  return (
    verifyBankcardSignature(fields, settings.hashKey) &&
    fields.MerchantID === settings.merchantId &&
    /^[1-9]\d{0,8}$/.test(fields.Amount ?? '') &&
    shopPath(settings.publicUrl, fields.NotifyURL) !== null
  );
}

/** The shop's signed payment fields of a posted page, without the simulator's own `sim_` choices. */
function paymentFields(body: unknown): BankcardFields {
  return Object.fromEntries(Object.entries(formFields(body)).filter(([name]) => !name.startsWith('sim_')));
}

/** Posts the signed result to the shop's NotifyURL as the acquirer's server does; true when it answered OK. */
async function notifyShop(
  app: FastifyInstance,
  settings: BankcardSettings,
  fields: BankcardFields,
  result: BankcardFields,
) {
  const res = await app.inject({
    method: 'POST',
    url: shopPath(settings.publicUrl, fields.NotifyURL)!,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(signBankcardFields(result, settings.hashKey)).toString(),
  });
  return res.statusCode === 200 && res.body === 'OK';
}

function refused(reply: FastifyReply, settings: BankcardSettings, fields: BankcardFields) {
  return sendSimulatorPage(reply, 400, (nonce) =>
    simulatorPage(
      nonce,
      '無法付款',
      `<h1>無法付款</h1><p>付款資料的簽章、特店代號或金額不正確。</p><a class="back" href="${escapeHtml(backPath(settings, fields))}">返回商店</a>`,
      '收單銀行',
    ),
  );
}

/** The card form posted: the card checked, the trade approved or declined, the shop told, the shopper sent back. */
async function confirmCard(
  app: FastifyInstance,
  simulator: BankcardSimulator,
  now: () => Date,
  body: unknown,
  reply: FastifyReply,
) {
  const { settings } = simulator;
  const all = formFields(body);
  const fields = paymentFields(body);
  if (!genuine(settings, fields)) return refused(reply, settings, fields);
  const declined = all.sim_action === 'decline';
  if (!declined) {
    const errors = cardErrors(
      { number: all.sim_card_number ?? '', expiry: all.sim_card_expiry ?? '', cvc: all.sim_card_cvc ?? '' },
      now(),
    );
    const first = Object.values(errors).find(Boolean);
    if (first)
      return sendSimulatorPage(reply, 400, (nonce) => cardPage(nonce, fields, backPath(settings, fields), first));
  }
  const digits = (all.sim_card_number ?? '').replace(/\D/g, '');
  const result: BankcardFields = {
    MerchantID: settings.merchantId,
    OrderNo: fields.OrderNo ?? '',
    Amount: fields.Amount ?? '',
    Status: declined ? BANKCARD_DECLINED : BANKCARD_APPROVED,
    TradeNo: declined ? `SD${Date.now()}` : simulator.approve(fields.OrderNo ?? '', Number(fields.Amount)),
    AuthCode: declined ? '' : String(randomInt(100_000, 1_000_000)),
    CardLast4: digits.slice(-4),
    Message: declined ? '發卡銀行拒絕交易' : '授權成功',
  };
  if (!(await notifyShop(app, settings, fields, result))) {
    return sendSimulatorPage(reply, 502, (nonce) =>
      simulatorPage(nonce, '通知失敗', '<h1>通知失敗</h1><p>商店的付款結果網址沒有回應 OK。</p>', '收單銀行'),
    );
  }
  return reply.code(303).header('Cache-Control', 'no-store').redirect(backPath(settings, fields), 303);
}

export const bankcardSimulatorRoutes: FastifyPluginAsync<{
  simulator: BankcardSimulator | null;
  now: () => Date;
}> = async (app, { simulator, now }) => {
  if (!simulator) return; // with an acquirer for real, or the method off, this page must not exist
  acceptFormBodies(app);
  const { settings } = simulator;

  app.post(BANKCARD_PAY_PATH, { config: { access: 'exempt' }, schema: { hide: true } }, async (req, reply) => {
    const fields = paymentFields(req.body);
    if (!genuine(settings, fields)) return refused(reply, settings, fields);
    return sendSimulatorPage(reply, 200, (nonce) => cardPage(nonce, fields, backPath(settings, fields)));
  });

  app.post(`${BANKCARD_PAY_PATH}/confirm`, { config: { access: 'exempt' }, schema: { hide: true } }, (req, reply) =>
    confirmCard(app, simulator, now, req.body, reply),
  );
};
