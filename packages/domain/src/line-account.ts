// LINE Login and order messages through the shop's LINE official account (issue 41): what the member
// centre reads and sends, and the zh-TW reasons a LINE login or link is refused.
import { z } from 'zod';

export const LINE_MESSAGE_CHOICES = ['line', 'sms'] as const;
export type LineMessageChoice = (typeof LINE_MESSAGE_CHOICES)[number];

/** GET /members/{id}/line: whether the shop offers LINE, and how this member stands with it. */
export const memberLineSchema = z.object({
  /** The shop offers 「LINE 登入」 (LINE_LOGIN_MODE is not off). */
  login_available: z.boolean(),
  /** The shop sends order messages through its official account (LINE_MESSAGING_MODE is not off). */
  messaging_available: z.boolean(),
  linked: z.boolean(),
  /** The LINE display name when linked, else ''. */
  display_name: z.string(),
  /** The member follows the official account (a follow event arrived, no unfollow since). */
  following: z.boolean(),
  /** Where order messages go: LINE (SMS when LINE cannot take them) or SMS. */
  order_messages_by: z.enum(LINE_MESSAGE_CHOICES),
  /** Unlinking is refused: the member has no password, LINE is the only way in. */
  unlink_refused: z.boolean(),
});
export type MemberLine = z.infer<typeof memberLineSchema>;

/** PUT /members/{id}/line: the member's choice of channel. */
export const memberLineChoiceSchema = z.object({ order_messages_by: z.enum(LINE_MESSAGE_CHOICES) }).strict();
export type MemberLineChoice = z.infer<typeof memberLineChoiceSchema>;

/** GET /line/options: what of LINE the shop offers (the login page's 「LINE 登入」 button). */
export const lineOptionsSchema = memberLineSchema.pick({ login_available: true, messaging_available: true });
export type LineOptions = z.infer<typeof lineOptionsSchema>;

/** GET /line/pending: the LINE account waiting to be linked after a LINE login found no member. */
export const linePendingSchema = z.object({ display_name: z.string() });

/** Why a LINE login or link came back without one; the code travels in `?line_error=`. */
export const lineLoginErrors = {
  off: '目前未開放 LINE 登入',
  redirect: '返回的頁面不在本站，已取消 LINE 登入',
  state: 'LINE 登入已逾時或連結已使用過，請重新操作一次',
  cancelled: '您已取消 LINE 登入',
  token: 'LINE 登入驗證失敗，請重新操作一次',
  inactive: '此帳號已停用，請聯絡客服',
  taken: '此 LINE 帳號已綁定其他會員',
  other: '您的帳號已綁定另一個 LINE 帳號，請先解除綁定',
  session: '登入已逾時，請重新整理頁面後再按一次「綁定 LINE」',
} as const;
export type LineLoginError = keyof typeof lineLoginErrors;

/** The message of a `?line_error=` code, '' for none or an unknown one. */
export function lineLoginErrorText(code: string | null | undefined): string {
  return code && Object.hasOwn(lineLoginErrors, code) ? lineLoginErrors[code as LineLoginError] : '';
}

/** zh-TW answers of the member centre's LINE calls. */
export const lineMsg = {
  linked: '已綁定 LINE',
  unlinked: '已解除 LINE 綁定',
  choiceSaved: '已更新訂單通知方式',
  notLinked: '尚未綁定 LINE',
  pendingMissing: 'LINE 綁定已逾時，請重新以 LINE 登入',
  unlinkOnlyWay: '您的帳號尚未設定密碼，解除綁定後將無法登入；請先設定密碼',
  badSignature: 'LINE 簽章驗證失敗',
  badWebhookBody: 'LINE 通知內容格式錯誤',
  messagingOff: '目前未開放 LINE 訂單通知',
} as const;
