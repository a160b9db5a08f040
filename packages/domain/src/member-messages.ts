// Messages to a member that are not about an order (issue 43, docs/decisions/086): 貨到通知 and the
// cart reminder, their texts, and the shapes of the restock and reminder API.
import { z } from 'zod';
import { escapeHtml, type OrderEmail } from './order-messages.ts';
import { flagSchema, rowVersionSchema } from './admin-forms.ts';
import { idSchema } from './schemas.ts';

export const MEMBER_MESSAGE_KINDS = ['restock', 'cart_reminder'] as const;
export type MemberMessageKind = (typeof MEMBER_MESSAGE_KINDS)[number];

/** What a member message says: the SMS text and the email, both carrying one link. */
export interface MemberMessageContent {
  sms: string;
  email: OrderEmail;
}

interface MessageFacts {
  shopName: string;
  /** Where the link goes (absolute). */
  url: string;
}

function compose(f: MessageFacts, subject: string, lead: string, button: string): MemberMessageContent {
  const shop = f.shopName.trim();
  const e = escapeHtml;
  const fullSubject = `${shop ? `【${shop}】` : ''}${subject}`;
  const text = [
    '您好：',
    '',
    lead,
    '',
    `${button}：${f.url}`,
    '',
    shop ? `${shop} 敬上` : '',
    '（此信由系統寄出，請勿直接回覆）',
  ].join('\n');
  const html = `<!doctype html>
<html lang="zh-Hant-TW"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(fullSubject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f4">
<div style="max-width:560px;margin:0 auto;padding:16px;font-family:-apple-system,'PingFang TC','Noto Sans TC','Microsoft JhengHei',sans-serif;line-height:1.6">
<div style="background:#fff;border-radius:8px;padding:24px 20px">
${shop ? `<p style="margin:0 0 16px;font-size:14px;color:#888">${e(shop)}</p>` : ''}<h1 style="margin:0 0 12px;font-size:20px;color:#222">${e(subject)}</h1>
<p style="margin:0 0 20px;font-size:16px;color:#222">${e(lead)}</p>
<p style="margin:0"><a href="${e(f.url)}" style="display:block;background:#222;color:#fff;text-decoration:none;text-align:center;padding:14px 16px;border-radius:6px;font-size:16px">${e(button)}</a></p>
</div>
</div>
</body></html>`;
  return { sms: `${shop ? `【${shop}】` : ''}${lead} ${f.url}`, email: { subject: fullSubject, text, html } };
}

/** 貨到通知: the spec the member waited for is back. */
export function restockMessage(f: MessageFacts & { productName: string; specName: string }): MemberMessageContent {
  const what = f.specName.trim() ? `「${f.productName}－${f.specName}」` : `「${f.productName}」`;
  return compose(f, '貨到通知', `您關注的${what}已補貨，數量有限，歡迎盡早選購。`, '立即選購');
}

/** The one reminder of a cart left unchanged. */
export function cartReminderMessage(f: MessageFacts & { lineCount: number }): MemberMessageContent {
  return compose(
    f,
    '購物車提醒',
    `您的購物車裡還有 ${f.lineCount} 項商品等著您結帳。不想再收到提醒，可在會員中心關閉。`,
    '前往購物車',
  );
}

/** POST /restock-subscriptions. */
export const restockSubscriptionBodySchema = z.strictObject({ spec_id: idSchema });
export type RestockSubscriptionBody = z.infer<typeof restockSubscriptionBodySchema>;

/** A member's open 貨到通知. */
export const restockSubscriptionSchema = z.object({
  id: z.number().int(),
  spec_id: z.number().int(),
  product_id: z.number().int(),
  created_at: z.string(),
});
export type RestockSubscription = z.infer<typeof restockSubscriptionSchema>;

/** The hours a cart may stay unchanged before its reminder: an hour to a month. */
export const CART_REMINDER_HOURS = { min: 1, max: 720, default: 24 } as const;

/** PUT /admin/settings/reminders. */
export const reminderSettingsSchema = z.strictObject({
  /** A form's checkbox ('on' / '') or JSON true / false. */
  enabled: flagSchema,
  after_hours: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: '請輸入小時數' })
      .int({ error: '小時數須為整數' })
      .min(CART_REMINDER_HOURS.min, { error: `至少 ${CART_REMINDER_HOURS.min} 小時` })
      .max(CART_REMINDER_HOURS.max, { error: `最多 ${CART_REMINDER_HOURS.max} 小時（30 天）` }),
  ),
  /** The settings version the form read; absent = the last save wins (two values, nothing to merge). */
  version: rowVersionSchema.optional(),
});
export type ReminderSettingsInput = z.infer<typeof reminderSettingsSchema>;
export const reminderSettingsAnswerSchema = z.object({ enabled: z.boolean(), after_hours: z.number().int() });
