import { bankLabel, PaymentMethod, refundMsg, refundRoute, type RefundAccountView } from '@shop/domain';
import { money } from '../format.ts';
import type { OrderDetail } from './order-detail.ts';

interface RefundInstructionsProps {
  order: OrderDetail;
  /** The account the request named (in full here: the owner sends the money to it). */
  account: RefundAccountView | null;
  /** What to send back, when it is known (the whole payment for a cancel, the decided amount for a return). */
  amount: number | null;
  /** The request's contact phone, to ask for an account the request lacks. */
  contactPhone: string;
}

const PROVIDER_NAME: Partial<Record<number, string>> = {
  [PaymentMethod.Credit]: '信用卡',
  [PaymentMethod.CreditFocas]: '信用卡',
  [PaymentMethod.LinePay]: 'LINE Pay',
  [PaymentMethod.ApplePay]: 'Apple Pay',
};

/**
 * issue 20 item 7 (docs/decisions/048): where the refund of a cancel or return goes — the account the
 * shopper named for a transfer, ATM or cash-on-delivery order, or back through the provider for a card
 * or LINE Pay one. Nothing when the order was never paid.
 */
export function RefundInstructions({ order: o, account, amount, contactPhone }: RefundInstructionsProps) {
  const route = refundRoute(o);
  if (route === null) return null;
  if (route === 'provider') {
    return (
      <p className="bo-notice bo-notice--ok bo-refund__note">
        {refundMsg.throughProvider(PROVIDER_NAME[o.payment_type] ?? '線上')}
        {o.trade_no ? `（金流交易編號 ${o.trade_no}）` : ''}。
      </p>
    );
  }
  if (!account) {
    return (
      <p className="bo-notice bo-notice--warn bo-refund__note">
        {refundMsg.accountMissing}（聯絡電話 {contactPhone}）。
      </p>
    );
  }
  return (
    <div role="group" aria-label="退款帳戶" className="bo-refund">
      <h3 className="bo-refund__title">退款帳戶</h3>
      <dl className="bo-dl">
        <dt>銀行</dt>
        <dd>{bankLabel(account.bank_code)}</dd>
        <dt>帳號</dt>
        <dd className="bo-refund__account">{account.account}</dd>
        <dt>戶名</dt>
        <dd>{account.holder}</dd>
        {amount !== null ? (
          <>
            <dt>退款金額</dt>
            <dd>{money(amount)}</dd>
          </>
        ) : null}
      </dl>
      <p className="bo-notice bo-notice--warn bo-refund__note">{refundMsg.transferTo}。</p>
    </div>
  );
}
