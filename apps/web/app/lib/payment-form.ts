// ECPay AIO is entered by posting a signed form from the shopper's browser (issue 6 item 4):
// GET /orders/{id}/ecpay-checkout answers `{action, fields}`, this builds the form and submits it.
// In the default simulator mode `action` is the shop's own /payment-simulator page.
import type { EcpayCheckout } from '@shop/domain';

export function submitPaymentForm(checkout: EcpayCheckout, doc: Document = document): HTMLFormElement {
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
  form.submit();
  return form;
}
