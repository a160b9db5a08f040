// Messages to the shopper about an order (issue 17 item 4, docs/decisions/055): which kinds there are,
// and their texts. An SMS fits one message (70 characters of Chinese) where the facts allow; an email
// has a plain-text part and an HTML part in one column with inline styles, as mail apps on a phone
// ignore style sheets. Pure: the server reads the order and passes the facts in.
import { z } from 'zod';
import { formatNtd } from './money.ts';
import { taipeiDateTime } from './shop-calendar.ts';

export const ORDER_MESSAGE_KINDS = [
  'placed',
  'paid',
  'shipped',
  'arrived',
  'picked_up',
  'cancelled',
  'refunded',
  'return_approved',
  'return_rejected',
] as const;
export type OrderMessageKind = (typeof ORDER_MESSAGE_KINDS)[number];

/** What the back office calls each kind (the settings switches, the order's 通知紀錄). */
export const orderMessageKindLabel: Record<OrderMessageKind, string> = {
  placed: '訂單成立（付款資訊）',
  paid: '付款完成',
  shipped: '已出貨',
  arrived: '已到店待取貨',
  picked_up: '已取貨',
  cancelled: '訂單取消',
  refunded: '已退款',
  return_approved: '退貨核准',
  return_rejected: '退貨不核准',
};

/** line: a push from the shop's LINE official account (issue 41), instead of the SMS. */
export const ORDER_MESSAGE_CHANNELS = ['sms', 'email', 'line'] as const;
export type OrderMessageChannel = (typeof ORDER_MESSAGE_CHANNELS)[number];
export const orderMessageChannelLabel: Record<OrderMessageChannel, string> = {
  sms: '簡訊',
  email: 'Email',
  line: 'LINE',
};

/** queued: waiting for a try; sent: the provider took it; failed: the last try failed (the job retries until it is parked); skipped: switched off or no recipient. */
export const ORDER_MESSAGE_STATUSES = ['queued', 'sent', 'failed', 'skipped'] as const;
export type OrderMessageStatus = (typeof ORDER_MESSAGE_STATUSES)[number];
export const orderMessageStatusLabel: Record<OrderMessageStatus, string> = {
  queued: '等待發送',
  sent: '已發送',
  failed: '發送失敗',
  skipped: '未發送',
};

/** How the shopper pays an order still unpaid, as the placed message tells it. */
export type PaymentInstructions =
  | { method: 'transfer'; bankName: string; bankCode: string; account: string; holder: string; payBy: Date | null }
  | { method: 'atm'; bankCode: string; account: string; payBy: Date }
  /** An ATM order whose account ECPay has not given yet: the order page shows it once it arrives. */
  | { method: 'atm_pending'; payBy: Date | null }
  /** A 超商代碼 ECPay issued (issue 40): keyed in at a store's kiosk, paid at the counter. */
  | { method: 'cvs'; code: string; payBy: Date }
  /** 超商條碼 issued: the barcodes are shown on the order page, for the counter to scan. */
  | { method: 'cvs_barcode'; payBy: Date }
  | { method: 'online'; label: string; payBy: Date | null }
  | { method: 'cash_on_delivery' }
  | { method: 'none' };

export interface OrderMessageFacts {
  shopName: string;
  orderNumber: string;
  payAmount: number;
  /** The shopper's order page: where they read it, and pay by card or LINE Pay. */
  orderUrl: string;
  payment?: PaymentInstructions;
  parcel?: { carrier: string; trackingNumber: string; trackingUrl: string | null };
  /** The pickup store; the deadline is the logistics provider's, when it tells one. */
  store?: { name: string; address: string; pickupDeadline: Date | null };
  /** NT$ given back, when known (a return's refund_amount, a cancelled order's pay_amount). */
  refundAmount?: number;
}

export interface OrderEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * How a 超商代碼 is paid (issue 40), the same words on the order page and in the message: each chain's
 * kiosk takes the code and prints a slip the counter takes the money for.
 */
export const CVS_KIOSK_STEPS =
  '至 7-ELEVEN ibon、全家 FamiPort、萊爾富 Life-ET 或 OK超商 OK‧go 機台，選擇「代碼繳費」並輸入繳費代碼，列印繳費單後於 3 小時內至櫃檯付款。';

/** `11/29 18:00` in Taipei: short enough for an SMS. */
function shortTime(at: Date): string {
  const full = taipeiDateTime(at);
  return `${full.slice(5, 7)}/${full.slice(8, 10)} ${full.slice(11)}`;
}

/** A long shop name would push the facts out of one SMS. */
function smsTag(shopName: string): string {
  const name = [...shopName.trim()].slice(0, 8).join('');
  return name ? `【${name}】` : '';
}

function paymentLine(p: PaymentInstructions, amount: string, short: boolean): string {
  const by = (at: Date | null) => (at ? `${short ? shortTime(at) : taipeiDateTime(at)}前` : '');
  switch (p.method) {
    case 'transfer':
      return `請${by(p.payBy)}匯款${amount}至(${p.bankCode})${short ? '' : `${p.bankName} `}${p.account}${short ? '' : ` 戶名 ${p.holder}`}`;
    case 'atm':
      return `請${by(p.payBy)}以ATM轉帳${amount}至(${p.bankCode})${p.account}`;
    case 'atm_pending':
      return `應付${amount}，ATM轉帳帳號請至訂單頁查看`;
    case 'cvs':
      return `請${by(p.payBy)}至超商以繳費代碼${p.code}繳費${amount}`;
    case 'cvs_barcode':
      return `請${by(p.payBy)}至超商櫃檯出示訂單頁的條碼繳費${amount}`;
    case 'online':
      return `應付${amount}，請${by(p.payBy)}至訂單頁以${p.label}付款`;
    case 'cash_on_delivery':
      return `應付${amount}，貨到付款`;
    case 'none':
      return `金額${amount}`;
  }
}

/** The facts each kind says, as one sentence after the order number. */
function summary(kind: OrderMessageKind, f: OrderMessageFacts, short: boolean): string {
  const amount = formatNtd(f.payAmount);
  switch (kind) {
    case 'placed':
      // Points paid it all: nothing to pay, nothing to say about money.
      if (f.payAmount <= 0) return '已成立';
      return `已成立，${paymentLine(f.payment ?? { method: 'none' }, amount, short)}`;
    case 'paid':
      return f.payAmount > 0 ? `已收到款項${amount}，我們將盡快出貨` : '已付款完成，我們將盡快出貨';
    case 'shipped': {
      const p = f.parcel;
      if (!p || !p.carrier) return '已出貨';
      return `已由${p.carrier}出貨${p.trackingNumber ? `，單號${p.trackingNumber}` : ''}`;
    }
    case 'arrived': {
      const s = f.store;
      const deadline = s?.pickupDeadline
        ? `，請於${short ? shortTime(s.pickupDeadline) : taipeiDateTime(s.pickupDeadline)}前取貨`
        : '，請盡快取貨';
      // Stores are named with or without 門市 (ECPay's map says 忠孝敦化門市, some chains 忠孝敦化).
      const store = s?.name
        ? s.name.endsWith('門市') || s.name.endsWith('店')
          ? s.name
          : `${s.name}門市`
        : '取貨門市';
      return `已到${store}${deadline}`;
    }
    case 'picked_up':
      return '已取貨，謝謝您的購買';
    case 'cancelled':
      return '已取消';
    case 'refunded':
      return `已退款${f.refundAmount !== undefined ? formatNtd(f.refundAmount) : ''}`;
    case 'return_approved':
      return `的退貨已核准${f.refundAmount ? `，將退款${formatNtd(f.refundAmount)}` : ''}`;
    case 'return_rejected':
      return '的退貨申請未核准，詳情請見訂單頁';
  }
}

/** The SMS: one message (70 Chinese characters) where the facts allow; the link only when the order page is needed. */
export function orderSmsText(kind: OrderMessageKind, f: OrderMessageFacts): string {
  const needsPage =
    (kind === 'placed' &&
      (f.payment?.method === 'online' || f.payment?.method === 'atm_pending' || f.payment?.method === 'cvs_barcode')) ||
    kind === 'return_rejected';
  const link = needsPage
    ? ` ${f.orderUrl}`
    : kind === 'shipped' && f.parcel?.trackingUrl
      ? ` ${f.parcel.trackingUrl}`
      : '';
  return `${smsTag(f.shopName)}訂單${f.orderNumber}${summary(kind, f, true)}。${link}`;
}

/**
 * The LINE message (issue 41): the SMS's facts in full (LINE has room and costs nothing per character),
 * and always the order page's link, or the tracking page's for a parcel on its way.
 */
export function orderLineText(kind: OrderMessageKind, f: OrderMessageFacts): string {
  const lines = [`${smsTag(f.shopName)}訂單${f.orderNumber}${summary(kind, f, false)}。`];
  if (kind === 'shipped' && f.parcel?.trackingUrl) lines.push(`查詢貨態：${f.parcel.trackingUrl}`);
  lines.push(`查看訂單：${f.orderUrl}`);
  return lines.join('\n');
}

/** The email's subject line. */
const subjects: Record<OrderMessageKind, string> = {
  placed: '訂單成立通知',
  paid: '付款完成通知',
  shipped: '出貨通知',
  arrived: '商品已到店通知',
  picked_up: '取貨完成通知',
  cancelled: '訂單取消通知',
  refunded: '退款通知',
  return_approved: '退貨核准通知',
  return_rejected: '退貨申請結果通知',
};

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The labelled facts below the summary, in the order the shopper needs them. */
function detailRows(kind: OrderMessageKind, f: OrderMessageFacts): [string, string][] {
  const rows: [string, string][] = [['訂單編號', f.orderNumber]];
  const p = f.payment;
  if (kind === 'placed' && p && f.payAmount > 0) {
    rows.push(['應付金額', formatNtd(f.payAmount)]);
    if (p.method === 'transfer') {
      rows.push(['匯款銀行', `(${p.bankCode}) ${p.bankName}`], ['匯款帳號', p.account], ['戶名', p.holder]);
      if (p.payBy) rows.push(['付款期限', taipeiDateTime(p.payBy)]);
    } else if (p.method === 'atm') {
      rows.push(['銀行代碼', p.bankCode], ['ATM 轉帳帳號', p.account], ['付款期限', taipeiDateTime(p.payBy)]);
    } else if (p.method === 'cvs') {
      rows.push(['超商繳費代碼', p.code], ['付款期限', taipeiDateTime(p.payBy)], ['繳費方式', CVS_KIOSK_STEPS]);
    } else if (p.method === 'cvs_barcode') {
      rows.push(['付款方式', '超商條碼繳費（條碼見訂單頁）'], ['付款期限', taipeiDateTime(p.payBy)]);
    } else if (p.method === 'atm_pending' || p.method === 'online') {
      rows.push(['付款方式', p.method === 'online' ? p.label : 'ATM 轉帳（帳號見訂單頁）']);
      if (p.payBy) rows.push(['付款期限', taipeiDateTime(p.payBy)]);
    } else if (p.method === 'cash_on_delivery') {
      rows.push(['付款方式', '貨到付款']);
    }
  }
  if (kind === 'paid') rows.push(['付款金額', formatNtd(f.payAmount)]);
  if (kind === 'shipped' && f.parcel) {
    if (f.parcel.carrier) rows.push(['物流', f.parcel.carrier]);
    if (f.parcel.trackingNumber) rows.push(['貨運單號', f.parcel.trackingNumber]);
  }
  if (kind === 'arrived' && f.store) {
    rows.push(['取貨門市', f.store.name]);
    if (f.store.address) rows.push(['門市地址', f.store.address]);
    if (f.store.pickupDeadline) rows.push(['取貨期限', taipeiDateTime(f.store.pickupDeadline)]);
  }
  if ((kind === 'refunded' || kind === 'return_approved') && f.refundAmount) {
    rows.push(['退款金額', formatNtd(f.refundAmount)]);
  }
  return rows;
}

/** The link the email's button opens: the tracking page when there is one, else the order page. */
function buttonOf(kind: OrderMessageKind, f: OrderMessageFacts): { label: string; url: string } {
  if (kind === 'shipped' && f.parcel?.trackingUrl) return { label: '查詢貨態', url: f.parcel.trackingUrl };
  if (kind === 'placed' && f.payment?.method === 'online') return { label: '前往付款', url: f.orderUrl };
  return { label: '查看訂單', url: f.orderUrl };
}

/** The email: a subject, a text part and an HTML part saying the same. */
export function orderEmail(kind: OrderMessageKind, f: OrderMessageFacts): OrderEmail {
  const shop = f.shopName.trim();
  const subject = `${shop ? `【${shop}】` : ''}${subjects[kind]}（訂單 ${f.orderNumber}）`;
  const lead = `您的訂單${summary(kind, f, false)}。`;
  const rows = detailRows(kind, f);
  const button = buttonOf(kind, f);
  const text = [
    '您好：',
    '',
    lead,
    '',
    ...rows.map(([k, v]) => `${k}：${v}`),
    '',
    `${button.label}：${button.url}`,
    ...(button.url !== f.orderUrl ? [`查看訂單：${f.orderUrl}`] : []),
    '',
    shop ? `${shop} 敬上` : '',
    '（此信由系統寄出，請勿直接回覆）',
  ].join('\n');
  const e = escapeHtml;
  const rowHtml = rows
    .map(
      ([k, v]) =>
        `<tr><td style="padding:6px 0;color:#666;font-size:14px;white-space:nowrap;vertical-align:top;width:96px">${e(k)}</td>` +
        `<td style="padding:6px 0;color:#222;font-size:16px;word-break:break-all">${e(v)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html>
<html lang="zh-Hant-TW"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f4">
<div style="max-width:560px;margin:0 auto;padding:16px;font-family:-apple-system,'PingFang TC','Noto Sans TC','Microsoft JhengHei',sans-serif;line-height:1.6">
<div style="background:#fff;border-radius:8px;padding:24px 20px">
${shop ? `<p style="margin:0 0 16px;font-size:14px;color:#888">${e(shop)}</p>` : ''}<h1 style="margin:0 0 12px;font-size:20px;color:#222">${e(subjects[kind])}</h1>
<p style="margin:0 0 16px;font-size:16px;color:#222">${e(lead)}</p>
<table role="presentation" style="width:100%;border-collapse:collapse;border-top:1px solid #eee;margin:0 0 20px">${rowHtml}</table>
<p style="margin:0 0 8px"><a href="${e(button.url)}" style="display:block;background:#222;color:#fff;text-decoration:none;text-align:center;padding:14px 16px;border-radius:6px;font-size:16px">${e(button.label)}</a></p>
${button.url !== f.orderUrl ? `<p style="margin:8px 0 0;text-align:center;font-size:14px"><a href="${e(f.orderUrl)}" style="color:#555">查看訂單</a></p>` : ''}
</div>
<p style="margin:16px 0 0;font-size:12px;color:#999;text-align:center">此信由系統寄出，請勿直接回覆。</p>
</div>
</body></html>`;
  return { subject, text, html };
}

/** One row of an order's 通知紀錄 in the back office. */
export const adminOrderMessageSchema = z.object({
  id: z.number(),
  kind: z.enum(ORDER_MESSAGE_KINDS),
  channel: z.enum(ORDER_MESSAGE_CHANNELS),
  /** Masked: 0912***678, w***@example.com. */
  recipient: z.string(),
  status: z.enum(ORDER_MESSAGE_STATUSES),
  attempts: z.number(),
  error: z.string(),
  provider_message_id: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type AdminOrderMessage = z.infer<typeof adminOrderMessageSchema>;

/** The settings switches: every kind and whether it is sent. */
export const orderMessageSwitchesSchema = z.object({
  kinds: z.array(z.object({ kind: z.enum(ORDER_MESSAGE_KINDS), enabled: z.boolean() })),
});
export type OrderMessageSwitches = z.infer<typeof orderMessageSwitchesSchema>;

/** PUT /admin/settings/order-messages: the kinds left on (the form's ticked boxes); the rest are off. */
export const orderMessageSwitchesBodySchema = z.object({
  enabled: z.array(z.enum(ORDER_MESSAGE_KINDS)).default([]),
});
export type OrderMessageSwitchesBody = z.infer<typeof orderMessageSwitchesBodySchema>;

/** `wang.ming@example.com` → `w***@example.com`: enough for staff to tell which address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
