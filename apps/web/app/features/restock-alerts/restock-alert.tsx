import { useEffect, useState, useSyncExternalStore } from 'react';
import { accessTokenFrom, ApiError } from '../../api/client.ts';
import { listRestockSubscriptions, subscribeRestock, unsubscribeRestock } from '../../api/restock-alerts.ts';
import { useApi } from '../../api/use-api.ts';
import { ShopLink } from '../../components/shop-link.tsx';
import { loginHref } from '../../lib/login-link.ts';

/** A login or logout reloads the page (spec §4), so the cookie is read once per page. */
const noSubscription = () => () => undefined;

export interface RestockAlertProps {
  productName: string;
  /** The product's sold-out specs. */
  specs: readonly { id: number; name: string }[];
}

/**
 * Issue 43 item 2: on a sold-out spec a member taps 「貨到通知我」 and gets one message (SMS, and email when
 * they gave one) when it is back; a guest is asked to log in first. The member's own waits show as set.
 */
export function RestockAlert({ productName, specs }: RestockAlertProps) {
  const api = useApi();
  // Undefined until the page knows who is looking (the server HTML is the same for everyone).
  const member = useSyncExternalStore(
    noSubscription,
    () => (accessTokenFrom(document.cookie) ? true : null),
    () => undefined,
  );
  const [waiting, setWaiting] = useState<Map<number, number>>(new Map());
  const [busy, setBusy] = useState<number | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!member) return;
    listRestockSubscriptions(api)
      .then((list) => setWaiting(new Map(list.map((s) => [s.spec_id, s.id]))))
      .catch(() => undefined);
  }, [api, member]);

  const toggle = async (spec: { id: number; name: string }) => {
    setBusy(spec.id);
    setNote(null);
    try {
      const current = waiting.get(spec.id);
      const next = new Map(waiting);
      if (current !== undefined) {
        await unsubscribeRestock(api, current);
        next.delete(spec.id);
        setNote({ ok: true, text: `已取消「${spec.name}」的貨到通知` });
      } else {
        const sub = await subscribeRestock(api, spec.id);
        next.set(spec.id, sub.id);
        setNote({ ok: true, text: `「${spec.name}」補貨時會以簡訊通知您` });
      }
      setWaiting(next);
    } catch (error) {
      setNote({ ok: false, text: error instanceof ApiError ? error.message : '設定失敗，請稍後再試' });
    } finally {
      setBusy(null);
    }
  };

  const here = typeof window === 'undefined' ? '/products' : window.location.pathname + window.location.search;
  return (
    <section className="restock-alert" aria-label="貨到通知">
      <ul className="restock-alert__list">
        {specs.map((spec) => {
          const set = waiting.has(spec.id);
          const label = specs.length > 1 || spec.name ? `${productName}－${spec.name}` : productName;
          return (
            <li key={spec.id} className="restock-alert__row">
              <span className="restock-alert__spec">「{spec.name}」已售完</span>
              {member === null ? (
                <ShopLink className="button button--ghost restock-alert__button" to={loginHref(here)}>
                  貨到通知我
                </ShopLink>
              ) : (
                <button
                  type="button"
                  className={`button ${set ? 'button--ghost' : 'button--primary'} restock-alert__button`}
                  aria-pressed={set}
                  aria-label={set ? `已設定貨到通知：${label}，再按一次取消` : `貨到通知我：${label}`}
                  disabled={member === undefined || busy !== null}
                  onClick={() => void toggle(spec)}
                >
                  {set ? '已設定貨到通知' : '貨到通知我'}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {member === null ? <p className="restock-alert__hint">登入會員後即可設定貨到通知</p> : null}
      <p className={`restock-alert__note${note && !note.ok ? ' restock-alert__note--error' : ''}`} role="status">
        {note?.text ?? ''}
      </p>
    </section>
  );
}
