import { Link } from 'react-router';
import { describeReceipt, labelOf, msg, shopDateTime } from '@shop/domain';
import type { OrderDetail } from './order-detail.ts';

/** When and by whom it was ordered, how it is paid, the invoice and the referral code. */
export function OrderInfoCard({ order: o }: { order: OrderDetail }) {
  const receipt = describeReceipt(o.receipt);
  return (
    <section className="bo-card" aria-labelledby="info-title">
      <h2 id="info-title">訂單資訊</h2>
      <dl className="bo-dl">
        <dt>訂購時間</dt>
        <dd>{shopDateTime(o.created_at)}</dd>
        <dt>會員</dt>
        <dd>
          {o.member ? (
            <Link to={`/admin/members/${o.member.id}`}>
              {o.member.name || o.member.account}（{o.member.cell_phone}）
            </Link>
          ) : (
            `訪客 ${o.member_cellphone}`
          )}
        </dd>
        <dt>付款方式</dt>
        <dd>
          {labelOf(msg.paymentMethodLabel, o.payment_type)}
          {o.installments ? `（分 ${o.installments} 期，綠界只接受全額退款）` : ''}
        </dd>
        <dt>付款狀態</dt>
        <dd>{o.is_payment ? `已付款 ${shopDateTime(o.paid_at)}` : '未付款'}</dd>
        {o.last_number_of_transfer ? (
          <>
            <dt>匯款末五碼</dt>
            <dd>{o.last_number_of_transfer}</dd>
          </>
        ) : null}
        {o.virtual_account ? (
          <>
            <dt>虛擬帳號</dt>
            <dd>
              ({o.virtual_account_bank_code}) {o.virtual_account}
            </dd>
          </>
        ) : null}
        {o.payment_code ? (
          <>
            <dt>超商繳費代碼</dt>
            <dd>
              {o.payment_code}（{shopDateTime(o.payment_code_expire_date)} 前繳費）
            </dd>
          </>
        ) : null}
        {o.payment_barcodes?.length ? (
          <>
            <dt>超商繳費條碼</dt>
            <dd>
              {o.payment_barcodes.join(' / ')}（{shopDateTime(o.payment_code_expire_date)} 前繳費）
            </dd>
          </>
        ) : null}
        {o.trade_no ? (
          <>
            <dt>金流交易序號</dt>
            <dd>{o.trade_no}</dd>
          </>
        ) : null}
        <dt>發票</dt>
        <dd>{receipt || '—'}</dd>
        {o.celebrity_code ? (
          <>
            <dt>推薦碼</dt>
            <dd>{o.celebrity_code}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
