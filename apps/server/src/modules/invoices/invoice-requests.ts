// What the shop asks of ECPay for an order (issue 16 item 3): the Issue request by the invoice type the
// shopper chose at checkout, the allowance's Items, and ECPay's dates read as instants. Pure.
import {
  allowanceItemsOf,
  CarrierType,
  InvoiceItemsMismatch,
  InvoiceType,
  receiptSchema,
  storeChainLabel,
  TAIPEI_UTC_OFFSET,
  type InvoiceItem,
  type InvoiceOrder,
  type Receipt,
  type StoreChain,
} from '@shop/domain';
import type { EcpayIssueRequest } from './ecpay-invoice-api.ts';

/** What of an order the Issue request needs (a subset of the orders table's row). */
export interface InvoicedOrder {
  orderNumber: string;
  memberCellphone: string;
  recvName: string;
  recvAddress: string;
  storeInfo: string | null;
  receipt: string;
}

/** CustomerName String(60), CustomerAddr String(100) in 一般開立發票. */
const cut = (text: string, max: number) => Array.from(text.trim()).slice(0, max).join('');

/** The receipt stored at checkout; one that no longer reads (an old or hand-edited row) is a plain 二聯. */
export function storedReceipt(order: Pick<InvoicedOrder, 'receipt'>): Receipt {
  const parsed = receiptSchema.safeParse(order.receipt);
  return parsed.success
    ? (parsed.data as Receipt)
    : { type: InvoiceType.Duplicate, carrier_type: CarrierType.None, carrier: '' };
}

/** Where a printed 三聯 invoice is addressed: the delivery address, else the pickup store. */
function addressOf(order: InvoicedOrder): string {
  if (order.recvAddress.trim()) return order.recvAddress;
  try {
    const store = JSON.parse(order.storeInfo ?? 'null') as { chain?: string; name?: string } | null;
    const chain = storeChainLabel[store?.chain as StoreChain] ?? store?.chain ?? '';
    return `${chain} ${store?.name ?? ''}`.trim() || '超商取貨';
  } catch {
    return '超商取貨';
  }
}

/** The invoice-type fields of 一般開立發票, by what the shopper chose (spec §2 checkout receipt). */
export function receiptFields(receipt: Receipt, order: InvoicedOrder) {
  switch (receipt.type) {
    case InvoiceType.Triplicate:
      // 三聯: the business number and the company title, printed (ECPay: a UBN must be printed).
      return {
        CustomerIdentifier: receipt.tax_id,
        CustomerName: cut(receipt.title, 60),
        CustomerAddr: cut(addressOf(order), 100),
        Print: '1' as const,
        Donation: '0' as const,
        CarrierType: '' as const,
        CarrierNum: '',
      };
    case InvoiceType.Donate:
      return { Print: '0' as const, Donation: '1' as const, LoveCode: receipt.donate_code, CarrierType: '' as const };
    default:
      // 二聯: the shopper's mobile barcode (3) or citizen certificate (2); without one, ECPay's own
      // member carrier (1), which ECPay tells the buyer of by the phone number sent.
      return {
        Print: '0' as const,
        Donation: '0' as const,
        CarrierType:
          receipt.carrier_type === CarrierType.MobileBarcode
            ? ('3' as const)
            : receipt.carrier_type === CarrierType.CitizenCertificate
              ? ('2' as const)
              : ('1' as const),
        CarrierNum: receipt.carrier_type === CarrierType.None ? '' : receipt.carrier,
      };
  }
}

/** 一般開立發票 for the order: RelateNumber is the order number, so a retry can only meet the first one. */
export function issueRequestOf(
  order: InvoicedOrder,
  receipt: Receipt,
  lines: { amount: number; items: InvoiceItem[] },
): EcpayIssueRequest {
  return {
    RelateNumber: order.orderNumber,
    CustomerPhone: order.memberCellphone,
    ...receiptFields(receipt, order),
    TaxType: '1',
    SalesAmount: lines.amount,
    Items: lines.items,
  };
}

/**
 * The Items of an allowance of `amount`: the whole order's goods and shipping when it gives all back,
 * else one line for the returned goods (the staff decided the amount, not which units it pays for).
 */
export function allowanceItems(order: InvoiceOrder & { orderNumber: string }, amount: number): InvoiceItem[] {
  if (amount === order.pay_amount) {
    try {
      return allowanceItemsOf(order).items;
    } catch (error) {
      if (!(error instanceof InvoiceItemsMismatch)) throw error;
    }
  }
  const name =
    amount === order.pay_amount ? `訂單 ${order.orderNumber} 全額折讓` : `訂單 ${order.orderNumber} 退貨折讓`;
  return [
    {
      ItemSeq: 1,
      ItemName: name,
      ItemCount: 1,
      ItemWord: '式',
      ItemPrice: amount,
      ItemTaxType: '1',
      ItemAmount: amount,
    },
  ];
}

/** ECPay's `yyyy-MM-dd HH:mm:ss` (also with `/` or `+`), Taipei time, as an instant; null when it is not one. */
export function parseEcpayDateTime(text: string): Date | null {
  const m = /^(\d{4})[-/](\d{2})[-/](\d{2})[ T+](\d{2}):(\d{2})(?::(\d{2}))?/.exec(text.trim());
  if (!m) return null;
  const at = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}${TAIPEI_UTC_OFFSET}`);
  return Number.isNaN(at.getTime()) ? null : at;
}
