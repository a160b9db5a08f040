import {
  type AdminOrderMessage,
  orderMessageChannelLabel,
  orderMessageKindLabel,
  type OrderMessageStatus,
  orderMessageStatusLabel,
  shopDateTime,
} from '@shop/domain';

const BADGE: Record<OrderMessageStatus, string> = {
  queued: 'bo-badge',
  sent: 'bo-badge bo-badge--ok',
  failed: 'bo-badge bo-badge--danger',
  skipped: 'bo-badge bo-badge--warn',
};

/** What staff quote to the SMS gateway's, the mail server's or LINE's support to trace one message. */
const PROVIDER_ID_LABEL: Record<AdminOrderMessage['channel'], string> = {
  sms: '簡訊序號',
  email: 'Message-ID',
  line: 'LINE 訊息 ID',
};

/**
 * 通知紀錄 (issue 17 item 4): every SMS, email and LINE message (issue 41) sent to the shopper about
 * the order, and why one was not.
 */
export function OrderMessagesCard({ messages }: { messages: AdminOrderMessage[] }) {
  return (
    <section className="bo-card" aria-labelledby="messages-title">
      <h2 id="messages-title">通知紀錄</h2>
      {messages.length ? (
        <ol className="bo-picker__chosen">
          {messages.map((m) => (
            <li key={m.id}>
              <span className="bo-picker__name">
                {orderMessageKindLabel[m.kind]} · {orderMessageChannelLabel[m.channel]} {m.recipient}{' '}
                <span className={BADGE[m.status]}>{orderMessageStatusLabel[m.status]}</span>
                <br />
                <small>
                  {shopDateTime(m.sent_at ?? m.created_at)}
                  {m.attempts > 1 ? ` · 第 ${m.attempts} 次嘗試` : ''}
                  {m.provider_message_id ? ` · ${PROVIDER_ID_LABEL[m.channel]} ${m.provider_message_id}` : ''}
                  {m.error ? ` · ${m.error}` : ''}
                </small>
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="bo-field__help">尚未發送通知</p>
      )}
    </section>
  );
}
