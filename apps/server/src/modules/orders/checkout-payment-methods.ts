// Which payment methods the checkout offers now (docs/decisions/050, 060, 082): every method of the
// domain's list, less LINE Pay while the shop has it off, less the bank acquirer's card until it is
// on, and less 超商代碼, 超商條碼, Apple Pay or 台灣Pay while the owner has it off in 商店設定. The web lists these; POST /orders
// refuses the rest.
import { CHECKOUT_PAYMENT_METHODS, msg, paymentMsg, PaymentMethod } from '@shop/domain';
import type { Config } from '../../config.ts';
import { Invalid } from '../../errors.ts';

type MethodSettings = Pick<Config, 'LINEPAY_MODE' | 'BANKCARD_MODE'>;
/** What the owner chose in 商店設定 (settings.service.ts getOrderSettings). */
export interface ShopMethodSettings {
  cvsEnabled: boolean;
  barcodeEnabled: boolean;
  applePayEnabled: boolean;
  twqrEnabled: boolean;
}

/** The methods the owner switches in 商店設定, each with its refusal while off. */
const OWNER_SWITCHED: ReadonlyArray<[number, keyof ShopMethodSettings, string]> = [
  [PaymentMethod.CvsCode, 'cvsEnabled', paymentMsg.cvsOff],
  [PaymentMethod.CvsBarcode, 'barcodeEnabled', paymentMsg.barcodeOff],
  [PaymentMethod.ApplePay, 'applePayEnabled', paymentMsg.applePayOff],
  [PaymentMethod.Twqr, 'twqrEnabled', paymentMsg.twqrOff],
];

export function checkoutPaymentMethods(config: MethodSettings, shop: ShopMethodSettings): number[] {
  return CHECKOUT_PAYMENT_METHODS.filter(
    (m) =>
      (m !== PaymentMethod.LinePay || config.LINEPAY_MODE !== 'off') &&
      (m !== PaymentMethod.CreditFocas || config.BANKCARD_MODE !== 'off') &&
      OWNER_SWITCHED.every(([method, setting]) => m !== method || shop[setting]),
  );
}

/** 400 on the payment field when the method is one the schema knows but the shop does not offer now. */
export function refuseUnofferedPayment(config: MethodSettings, shop: ShopMethodSettings, paymentType: number): void {
  if (checkoutPaymentMethods(config, shop).includes(paymentType)) return;
  const message =
    paymentType === PaymentMethod.LinePay
      ? paymentMsg.linePayOff
      : paymentType === PaymentMethod.CreditFocas
        ? paymentMsg.bankcardOff
        : (OWNER_SWITCHED.find(([method]) => method === paymentType)?.[2] ?? msg.paymentTypeChoose);
  throw new Invalid(msg.badRequest, [{ field: 'payment_type', msg: message }]);
}
