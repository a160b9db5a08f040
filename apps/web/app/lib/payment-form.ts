// ECPay AIO is entered by posting a signed form from the shopper's browser (issue 6 item 4):
// GET /orders/{id}/ecpay-checkout answers `{action, fields}`, this builds the form and submits it.
// In the default simulator mode `action` is the shop's own /payment-simulator page.
import type { EcpayCheckout } from '@shop/domain';

/**
 * Builds the signed form and submits it. `onBlocked` runs when the page's policy refuses to send it
 * (a shop opened by a name its policy does not list): the shopper is then told where the order is
 * instead of being left on a page that never moves.
 */
export function submitPaymentForm(
  checkout: EcpayCheckout,
  { doc = document, onBlocked }: { doc?: Document; onBlocked?: () => void } = {},
): HTMLFormElement {
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = checkout.action;
  // ECPay reads the fields as UTF-8 (item names are Chinese); CheckMacValue is computed over them.
  form.acceptCharset = 'UTF-8';
  form.hidden = true;
  for (const [name, value] of Object.entries(checkout.fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  doc.body.append(form);
  if (onBlocked) {
    const refused = (event: SecurityPolicyViolationEvent) => {
      if (event.effectiveDirective !== 'form-action') return;
      doc.removeEventListener('securitypolicyviolation', refused);
      onBlocked();
    };
    doc.addEventListener('securitypolicyviolation', refused);
  }
  form.submit();
  return form;
}
