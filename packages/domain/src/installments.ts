// Card installments (分期) through ECPay (issue 40 item 1, decision 082): the counts ECPay offers, the
// owner's choice of them and of the order amount they start from, and the amount per instalment as
// ECPay splits it (the total divided, rounded down, the remainder on the first instalment).
import { PaymentMethod } from './enums.ts';
import { formatNtd } from './money.ts';

/** The counts ECPay's CreditInstallment takes. */
export const INSTALLMENT_COUNTS = [3, 6, 12, 18, 24, 30] as const;
export type InstallmentCount = (typeof INSTALLMENT_COUNTS)[number];

/** The order amount installments start from unless the owner set another (NT$). */
export const INSTALLMENT_MIN_AMOUNT_DEFAULT = 3000;

export const installmentMsg = {
  unknownCount: '分期期數須為 3、6、12、18、24 或 30 期',
  cardOnly: '只有信用卡付款可以選擇分期',
  noneOffered: '本商店目前未提供分期付款',
  notOffered: (n: number) => `本商店目前未提供 ${n} 期分期，請選擇其他期數`,
  belowMinimum: (min: number) => `訂單金額滿 ${formatNtd(min)} 才能分期付款`,
  fullRefundOnly: '分期付款的訂單只能全額退款（綠界不接受分期交易部分退款），請至綠界廠商後台處理後在後台記錄退款',
} as const;

/** What the owner offers: the counts (none = no installments) and the order amount they start from. */
export interface InstallmentPlan {
  counts: readonly number[];
  minAmount: number;
}

/** The first instalment and each later one, as ECPay splits `total` into `count`. */
export function instalmentAmounts(total: number, count: number): { first: number; each: number } {
  const each = Math.floor(total / count);
  return { first: total - each * (count - 1), each };
}

/** The counts the checkout offers for an order of `payAmount`: none below the owner's minimum. */
export function offeredCounts(plan: InstallmentPlan, payAmount: number): number[] {
  if (payAmount < plan.minAmount || payAmount <= 0) return [];
  return INSTALLMENT_COUNTS.filter((n) => plan.counts.includes(n));
}

/** Why POST /orders refuses `installments` (a count of the schema's list), or null. */
export function installmentError(
  plan: InstallmentPlan,
  order: { paymentType: number; installments: number | null; payAmount: number },
): string | null {
  const n = order.installments;
  if (n === null) return null;
  if (order.paymentType !== PaymentMethod.Credit) return installmentMsg.cardOnly;
  if (plan.counts.length === 0) return installmentMsg.noneOffered;
  if (!plan.counts.includes(n)) return installmentMsg.notOffered(n);
  if (order.payAmount < plan.minAmount) return installmentMsg.belowMinimum(plan.minAmount);
  return null;
}
