import { useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { LineMessageChoice } from '@shop/domain';
import { ApiError } from '../../api/client.ts';
import { chooseLineChannel, lineLoginHref, type MemberLine, unlinkLine } from '../../api/line.ts';
import { useApi } from '../../api/use-api.ts';

interface LineCardProps {
  memberId: number;
  line: MemberLine;
  /** Where 「綁定 LINE」 comes back to: this page. */
  returnTo: string;
  /** What the last LINE round trip said (`?line=linked`, `?line_error=`). */
  notice: { text: string; error: boolean };
}

/**
 * The member's LINE (issue 41): 「綁定 LINE」, or 「已綁定 LINE」 with 「解除綁定」 and the choice of LINE
 * or SMS for order messages.
 */
export function LineCard({ memberId, line, returnTo, notice }: LineCardProps) {
  const id = useId();
  const api = useApi();
  const { revalidate } = useRevalidator();
  const [message, setMessage] = useState(notice);
  const [busy, setBusy] = useState(false);
  // Shown at once; the saved choice comes back with the page's data.
  const [choice, setChoice] = useState<LineMessageChoice>(line.order_messages_by);

  async function run(action: () => Promise<unknown>, done: string): Promise<boolean> {
    setBusy(true);
    try {
      await action();
      setMessage({ text: done, error: false });
      await revalidate();
      return true;
    } catch (error) {
      setMessage({ text: error instanceof ApiError ? error.message : '系統忙碌中，請稍後再試', error: true });
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function choose(by: LineMessageChoice) {
    setChoice(by);
    const saved = await run(() => chooseLineChannel(api, memberId, { order_messages_by: by }), '已更新訂單通知方式');
    if (!saved) setChoice(line.order_messages_by);
  }

  return (
    <section className="line-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="member-section__subtitle">
        LINE 帳號
      </h2>
      {line.linked ? (
        <>
          <p className="line-card__status">
            <span className="line-card__badge">已綁定 LINE</span>
            {line.display_name && <span>{line.display_name}</span>}
          </p>
          {line.messaging_available && (
            <OrderMessagesChoice
              name={`${id}-by`}
              busy={busy}
              choice={choice}
              following={line.following}
              onChoose={(by) => void choose(by)}
            />
          )}
          <div className="line-card__actions">
            <button
              type="button"
              className="button button--ghost"
              disabled={busy || line.unlink_refused}
              aria-describedby={line.unlink_refused ? `${id}-only-way` : undefined}
              onClick={() => void run(() => unlinkLine(api, memberId), '已解除 LINE 綁定')}
            >
              解除綁定
            </button>
          </div>
          {line.unlink_refused && (
            <p id={`${id}-only-way`} className="line-card__hint">
              您的帳號尚未設定密碼，LINE 是目前唯一的登入方式，暫時無法解除綁定。
            </p>
          )}
        </>
      ) : (
        <LinkLineOffer messagingAvailable={line.messaging_available} returnTo={returnTo} />
      )}
      <p className={`form-result${message.error ? ' form-result--error' : ''}`} role="status">
        {message.text}
      </p>
    </section>
  );
}

interface OrderMessagesChoiceProps {
  /** The radio group's name. */
  name: string;
  busy: boolean;
  choice: LineMessageChoice;
  /** The member follows the shop's LINE official account (else LINE messages cannot reach them). */
  following: boolean;
  onChoose(by: LineMessageChoice): void;
}

/** 訂單通知方式: LINE (SMS when LINE cannot deliver) or SMS. */
function OrderMessagesChoice({ name, busy, choice, following, onChoose }: OrderMessagesChoiceProps) {
  return (
    <fieldset disabled={busy}>
      <legend>訂單通知方式</legend>
      {(['line', 'sms'] as const).map((by) => (
        <label key={by} className="checkbox">
          <input type="radio" name={name} value={by} checked={choice === by} onChange={() => onChoose(by)} />
          {by === 'line' ? 'LINE 官方帳號（無法送達時改寄簡訊）' : '簡訊'}
        </label>
      ))}
      {choice === 'line' && !following && (
        <p className="line-card__hint">
          尚未加入商店的 LINE 官方帳號好友：加入好友後才能以 LINE 收到通知，在此之前會以簡訊寄送。
        </p>
      )}
    </fieldset>
  );
}

/** Not linked yet: what linking gives, and 「綁定 LINE」 (a LINE login that comes back to `returnTo`). */
function LinkLineOffer({ messagingAvailable, returnTo }: { messagingAvailable: boolean; returnTo: string }) {
  return (
    <>
      <p className="line-card__hint">
        綁定後可以用 LINE 快速登入{messagingAvailable ? '，並透過 LINE 官方帳號收到訂單通知' : ''}。
      </p>
      <div className="line-card__actions">
        <a className="button line-button" href={lineLoginHref(returnTo)}>
          綁定 LINE
        </a>
      </div>
    </>
  );
}
