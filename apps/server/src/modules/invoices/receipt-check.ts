// The checkout asks ECPay whether the mobile barcode or love code the shopper typed exists (issue 16
// item 3: 手機條碼驗證, 捐贈碼驗證), before the order is placed, so an invoice is not refused later for
// a carrier nobody has. ECPay offers no check of a citizen certificate. An ECPay that does not answer
// in time lets the order through: a sale is never lost to a check (the issue may fail later and
// waits in the back office's failed jobs).
import { CarrierType, InvoiceType, msg, type ReceiptInput } from '@shop/domain';
import { Invalid } from '../../errors.ts';
import { EcpayInvoiceUnavailable } from './ecpay-invoice-api.ts';
import type { InvoiceGateway } from './invoice-gateway.ts';
import type { Log } from '../../logging.ts';

/** Throws Invalid (400) on the receipt's field when ECPay says the carrier or love code does not exist. */
export async function refuseUnknownCarrier(gateway: InvoiceGateway, receipt: ReceiptInput, log: Log): Promise<void> {
  const checker = gateway.checker;
  if (!checker) return;
  const check =
    receipt.type === InvoiceType.Duplicate && receipt.carrier_type === CarrierType.MobileBarcode
      ? {
          field: 'receipt.carrier',
          unknown: msg.mobileBarcodeUnknown,
          ask: () => checker.checkBarcode(receipt.carrier),
        }
      : receipt.type === InvoiceType.Donate
        ? {
            field: 'receipt.donate_code',
            unknown: msg.donationCodeUnknown,
            ask: () => checker.checkLoveCode(receipt.donate_code),
          }
        : null;
  if (!check) return;
  let result;
  try {
    result = await check.ask();
  } catch (error) {
    if (!(error instanceof EcpayInvoiceUnavailable)) throw error;
    log.warn(
      { field: check.field, error: error.message },
      'ECPay carrier check unavailable: the order is placed unchecked',
    );
    return;
  }
  if (!result.ok) {
    log.warn(
      { field: check.field, code: result.code },
      'ECPay refused the carrier check: the order is placed unchecked',
    );
    return;
  }
  if (result.data.IsExist === 'N') throw new Invalid(msg.badRequest, [{ field: check.field, msg: check.unknown }]);
}
