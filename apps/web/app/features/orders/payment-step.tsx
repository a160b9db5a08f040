import {
  CVS_KIOSK_STEPS,
  OrderStatus,
  PaymentMethod,
  formatNtd,
  LINEPAY_RETURN_NOTICES,
  msg,
  shopDateTime,
  type LinePayReturn,
  type OrderPayment,
  type PaymentSetting,
} from '@shop/domain';
import type { ReactNode } from 'react';
import { Code39Barcode } from './code39-barcode.tsx';
import { CopyableNumber } from './copyable-number.tsx';
import type { OrderView } from './order-view.ts';
import { PayButton } from './pay-button.tsx';

interface PaymentStepProps {
  order: OrderView;
  /** GET /orders/{id}/payment (modules/payments); null when it could not be read. */
  payment: OrderPayment | null;
  /** The shop's bank account for transfers (payment setting 1). */
  bank: PaymentSetting | null;
  /** The 「通知匯款」 action (features/after-sales), shown under the bank account. */
  transferAction?: ReactNode;
  /** What the shopper's return from LINE Pay came to (the `linepay` parameter of the page). */
  linePayReturn?: LinePayReturn | null;
}

/** The heading of the result page for an order in this state. */
export function paymentHeadline(order: OrderView, payment: OrderPayment | null): string {
  if (payment?.status === OrderStatus.Cancel || order.statusLabel === '已取消') return '此訂單已取消';
  if (order.isPaid || payment?.is_payment) return '付款完成，感謝您的訂購';
  if (order.paymentType === PaymentMethod.CashOnDelivery) return '訂單已成立';
  if (order.paymentType === PaymentMethod.Transfer) return '訂單已成立，請於匯款後通知我們';
  if (order.paymentType === PaymentMethod.VirtualAccount && order.virtualAccount) return '訂單已成立，請於期限內轉帳';
  if (order.paymentType === PaymentMethod.CvsCode && order.paymentCode) return '訂單已成立，請於期限內至超商繳費';
  if (order.paymentType === PaymentMethod.CvsBarcode && order.paymentBarcodes)
    return '訂單已成立，請於期限內至超商繳費';
  return '訂單已成立，尚未完成付款';
}

/** A panel of the payment step: its heading names what the shopper does next. */
function StepPanel({ title, done = false, children }: { title: ReactNode; done?: boolean; children: ReactNode }) {
  return (
    <section
      className={done ? 'panel payment-step payment-step--done' : 'panel payment-step'}
      aria-labelledby="payment-step-title"
    >
      <h2 id="payment-step-title">{title}</h2>
      {children}
    </section>
  );
}

/** The amount to pay, as each list of payment facts ends with it. */
function AmountFact({ label, order }: { label: string; order: OrderView }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className="payment-step__amount">{formatNtd(order.payAmount)}</dd>
    </div>
  );
}

/** The amount and the deadline of a number the shopper pays at an ATM or a convenience store. */
function DueFacts({ order, expires }: { order: OrderView; expires: string }) {
  return (
    <>
      <AmountFact label="應繳金額" order={order} />
      <div>
        <dt>繳費期限</dt>
        <dd>{expires}</dd>
      </div>
    </>
  );
}

interface MethodStepProps {
  order: OrderView;
  payment: OrderPayment | null;
}

/** The button that goes to the provider, while the order may still be paid there. */
function ProviderButton({ order, payment, label, shown = true }: MethodStepProps & { label: string; shown?: boolean }) {
  if (!shown || order.id === null || payment?.can_checkout === false) return null;
  return <PayButton orderId={order.id} paymentType={order.paymentType} label={label} />;
}

function TransferStep({
  order,
  bank,
  transferAction,
}: {
  order: OrderView;
  bank: PaymentSetting | null;
  transferAction?: ReactNode;
}) {
  return (
    <StepPanel title="匯款資訊">
      {bank ? (
        <dl className="facts payment-step__account">
          <div>
            <dt>銀行</dt>
            <dd>
              {bank.bank_name}（{bank.bank_code}）
            </dd>
          </div>
          <div>
            <dt>戶名</dt>
            <dd>{bank.bank_account_name}</dd>
          </div>
          <div>
            <dt>帳號</dt>
            <dd className="payment-step__number">{bank.bank_account}</dd>
          </div>
          <AmountFact label="應匯金額" order={order} />
        </dl>
      ) : (
        <p>匯款帳號暫時無法顯示，請稍後重新整理，或聯絡客服。</p>
      )}
      {order.lastNumberOfTransfer ? (
        <p className="payment-step__note">
          已收到您的匯款通知（帳號末五碼 {order.lastNumberOfTransfer}），我們確認款項後會盡快出貨。
        </p>
      ) : (
        <p className="payment-step__note">匯款後請按「通知匯款」，填寫匯款帳號末五碼，方便我們對帳。</p>
      )}
      {transferAction}
    </StepPanel>
  );
}

function VirtualAccountStep({ order, payment }: MethodStepProps) {
  const account = order.virtualAccount;
  return (
    <StepPanel title="ATM 轉帳資訊">
      {account ? (
        <dl className="facts payment-step__account">
          <div>
            <dt>銀行代碼</dt>
            <dd>{account.bank}</dd>
          </div>
          <div>
            <dt>繳費帳號</dt>
            <dd>
              <CopyableNumber value={account.account} what="繳費帳號" grouped className="payment-step__number" />
            </dd>
          </div>
          <DueFacts order={order} expires={account.expires} />
        </dl>
      ) : (
        <p>請按下方按鈕取得您專屬的 ATM 繳費帳號。</p>
      )}
      <ProviderButton order={order} payment={payment} shown={!account} label="取得 ATM 繳費帳號" />
    </StepPanel>
  );
}

function CvsCodeStep({ order, payment }: MethodStepProps) {
  const code = order.paymentCode;
  return (
    <StepPanel title="超商代碼繳費">
      {code ? (
        <>
          <dl className="facts payment-step__account">
            <div>
              <dt>繳費代碼</dt>
              <dd>
                <CopyableNumber value={code.code} what="繳費代碼" className="payment-step__number" />
              </dd>
            </div>
            <DueFacts order={order} expires={code.expires} />
          </dl>
          <p className="payment-step__note">{CVS_KIOSK_STEPS}</p>
        </>
      ) : (
        <p>請按下方按鈕取得您專屬的超商繳費代碼，再到 7-ELEVEN、全家、萊爾富或 OK超商繳費。</p>
      )}
      <ProviderButton order={order} payment={payment} shown={!code} label="取得超商繳費代碼" />
    </StepPanel>
  );
}

function CvsBarcodeStep({ order, payment }: MethodStepProps) {
  const barcodes = order.paymentBarcodes;
  return (
    <StepPanel title="超商條碼繳費">
      {barcodes ? (
        <>
          <p>請在期限內到 7-ELEVEN、全家、萊爾富或 OK超商櫃檯出示以下三段條碼，由店員掃描後付款。</p>
          {barcodes.values.map((value, i) => (
            <Code39Barcode key={i} value={value} label={`第${['一', '二', '三'][i]}段條碼`} />
          ))}
          <dl className="facts payment-step__account">
            <DueFacts order={order} expires={barcodes.expires} />
          </dl>
          <p className="payment-step__note">請調高手機螢幕亮度，方便店員掃描。</p>
        </>
      ) : (
        <p>請按下方按鈕取得您專屬的超商繳費條碼，再到 7-ELEVEN、全家、萊爾富或 OK超商櫃檯繳費。</p>
      )}
      <ProviderButton order={order} payment={payment} shown={!barcodes} label="取得超商繳費條碼" />
    </StepPanel>
  );
}

/** Credit card, Apple Pay and 台灣Pay: paid on the provider's page, so the step offers it again. */
function CardStep({ order, payment, name }: MethodStepProps & { name: string }) {
  return (
    <StepPanel title={<>{name}付款</>}>
      <p>尚未收到付款。若付款未完成，可以再試一次。</p>
      <ProviderButton order={order} payment={payment} label={`前往${name}付款`} />
    </StepPanel>
  );
}

function LinePayStep({ order, payment, linePayReturn }: MethodStepProps & { linePayReturn: LinePayReturn | null }) {
  return (
    <StepPanel title="LINE Pay 付款">
      {linePayReturn && linePayReturn !== 'paid' ? (
        <p className="payment-step__note" role="status">
          {LINEPAY_RETURN_NOTICES[linePayReturn]}
        </p>
      ) : (
        <p>尚未收到付款。按下方按鈕前往 LINE Pay 完成付款。</p>
      )}
      <ProviderButton order={order} payment={payment} shown={linePayReturn !== 'pending'} label="前往 LINE Pay 付款" />
    </StepPanel>
  );
}

/**
 * Issue 6 item 4, after ordering: bank transfer shows the shop's account and the remittance notice;
 * credit card and ATM go to ECPay (the ATM account shows once issued); cash on delivery needs nothing.
 */
export function PaymentStep({ order, payment, bank, transferAction, linePayReturn = null }: PaymentStepProps) {
  const paid = order.isPaid || Boolean(payment?.is_payment);
  const cancelled = payment?.status === OrderStatus.Cancel || order.statusLabel === '已取消';
  if (cancelled) return null;
  const paidAt = shopDateTime(payment?.paid_at);

  if (paid) {
    return (
      <StepPanel title="付款狀態" done>
        <p>
          已收到您的款項 {formatNtd(order.payAmount)}
          {paidAt ? `（${paidAt}）` : ''}，我們會盡快為您出貨。
        </p>
      </StepPanel>
    );
  }

  switch (order.paymentType) {
    case PaymentMethod.Transfer:
      return <TransferStep order={order} bank={bank} transferAction={transferAction} />;
    case PaymentMethod.VirtualAccount:
      return <VirtualAccountStep order={order} payment={payment} />;
    case PaymentMethod.CvsCode:
      return <CvsCodeStep order={order} payment={payment} />;
    case PaymentMethod.CvsBarcode:
      return <CvsBarcodeStep order={order} payment={payment} />;
    case PaymentMethod.Credit:
    case PaymentMethod.ApplePay:
    case PaymentMethod.Twqr:
      return (
        <CardStep
          order={order}
          payment={payment}
          name={order.paymentType === PaymentMethod.Credit ? '信用卡' : msg.paymentMethodLabel[order.paymentType]}
        />
      );
    case PaymentMethod.LinePay:
      return <LinePayStep order={order} payment={payment} linePayReturn={linePayReturn} />;
    case PaymentMethod.CashOnDelivery:
      return (
        <StepPanel title="貨到付款">
          <p>商品送達或取貨時，再將 {formatNtd(order.payAmount)} 交給物流人員即可。</p>
        </StepPanel>
      );
    default:
      return null;
  }
}
