import { orderEventLabel, orderStateLabel, type OrderEvent, type OrderState, shopDateTime } from '@shop/domain';
import type { OrderEventRow } from './order-detail.ts';

const ACTOR_LABEL: Record<OrderEventRow['actor'], string> = {
  member: '顧客',
  staff: '員工',
  provider: '金流／物流',
  system: '系統',
};

/** A history row's words: the move, then the state it led to when the state changed. */
function eventText(e: OrderEventRow): string {
  const what = e.event === 'place' ? '下單' : (orderEventLabel[e.event as OrderEvent] ?? e.event);
  const state = orderStateLabel[e.to_state as OrderState] ?? e.to_state;
  return e.from_state === e.to_state ? what : `${what} → ${state}`;
}

/** 訂單歷程: every move of the order, with who made it and why. */
export function OrderHistoryCard({ events }: { events: OrderEventRow[] }) {
  return (
    <section className="bo-card" aria-labelledby="history-title">
      <h2 id="history-title">訂單歷程</h2>
      {events.length ? (
        <ol className="bo-picker__chosen">
          {events.map((e) => (
            <li key={e.id}>
              <span className="bo-picker__name">
                {eventText(e)}
                <br />
                <small>
                  {shopDateTime(e.created_at)} · {ACTOR_LABEL[e.actor]}
                  {e.actor_name ? ` ${e.actor_name}` : ''}
                  {e.reason ? ` · ${e.reason}` : ''}
                </small>
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="bo-field__help">尚無歷程</p>
      )}
    </section>
  );
}
