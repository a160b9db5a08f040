import { useState } from 'react';
import { useApi } from '../../api/use-api.ts';
import { startPayment } from './start-payment.ts';

/** The browser refused to open the payment page (a policy or an extension): say so, keep the button. */
const PAYMENT_PAGE_REFUSED = '瀏覽器阻擋了付款頁面，請重新整理後再按一次，或改用其他瀏覽器';

/** 前往付款 (or the label given): to ECPay's payment form, or to LINE Pay, or their simulators. */
export function PayButton({ orderId, paymentType, label }: { orderId: number; paymentType: number; label: string }) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const pay = async () => {
    setBusy(true);
    setError('');
    try {
      // Leaves the shop; the shopper comes back to the order's payment page afterwards.
      await startPayment(api, { id: orderId, paymentType }, () => {
        setBusy(false);
        setError(PAYMENT_PAGE_REFUSED);
      });
    } catch (e) {
      setBusy(false);
      setError(e instanceof Error && e.message ? e.message : '無法前往付款頁面，請稍後再試');
    }
  };
  return (
    <div className="payment-step__pay">
      <button type="button" className="button button--primary" onClick={() => void pay()} disabled={busy}>
        {busy ? '前往付款頁面…' : label}
      </button>
      {error ? (
        <p className="form-result form-result--error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
