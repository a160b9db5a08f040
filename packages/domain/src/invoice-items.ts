// The lines of an order's e-invoice (電子發票) as ECPay's B2C API v3 takes them (一般開立發票 › Items,
// 一般開立折讓 › Items): taxable (ItemTaxType 1), prices tax-included (vat 1), whole NT$, and lines
// that add up to exactly what the shopper paid, since ECPay refuses an invoice whose Items do not
// add up to SalesAmount (or an allowance whose Items do not add up to AllowanceAmount).

/** ItemName: String(500) in 一般開立發票 › Items; longer names are cut here rather than refused there. */
export const INVOICE_ITEM_NAME_MAX = 500;

/** One line of an invoice or allowance, in ECPay's field names. */
export interface InvoiceItem {
  /** 1, 2, 3… in the order the lines are listed. */
  ItemSeq: number;
  ItemName: string;
  ItemCount: number;
  /** Unit word, at most 6 characters (ItemWord String(6)). */
  ItemWord: string;
  /** NT$ per unit, tax included; negative on a discount line. */
  ItemPrice: number;
  /** 1 = taxable: the shop sells taxable goods only. */
  ItemTaxType: '1';
  /** ItemCount × ItemPrice. */
  ItemAmount: number;
}

/** What an order carries that its invoice is made of (a subset of OrderView, so an OrderView fits). */
export interface InvoiceOrder {
  /** Product lines; unit_price is after the influencer discount, i.e. what one unit cost. */
  product_info: readonly { name: string; product_specs_name: string; unit_price: number; qty: number }[];
  package_info: readonly { name: string; unit_price: number; qty: number }[];
  /** Bundles that took something off, with what each took. */
  bundle_info: readonly { title: string; discount: number }[];
  /** NT$ all bundles took off (orders.discount_amount). */
  discount_amount: number;
  /** NT$ the member level took off (orders.level_discount); absent on older orders. */
  level_discount?: number;
  /** The coupon used and what it took off (orders.coupon_code, coupon_discount); absent on older orders. */
  coupon_code?: string | null;
  coupon_discount?: number;
  /** NT$ shipping fee. */
  shipping: number;
  /** Bonus points spent, NT$1 each. */
  use_bonus: number;
  /** NT$ paid: the invoice's SalesAmount. */
  pay_amount: number;
}

export interface InvoiceLines {
  /** SalesAmount (or AllowanceAmount): equal to the sum of the items' ItemAmount. */
  amount: number;
  items: InvoiceItem[];
}

/** The order's stored amounts do not agree with its lines; no invoice should be made of it. */
export class InvoiceItemsMismatch extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvoiceItemsMismatch';
  }
}

const PIECE = '件';
const LUMP = '式';

type Line = Omit<InvoiceItem, 'ItemSeq' | 'ItemTaxType'>;

function itemName(...parts: string[]): string {
  const name = parts
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  // Cut by code points so a CJK character or emoji is never split in half.
  return Array.from(name || '商品')
    .slice(0, INVOICE_ITEM_NAME_MAX)
    .join('');
}

const line = (name: string, count: number, word: string, price: number): Line => ({
  ItemName: name,
  ItemCount: count,
  ItemWord: word,
  ItemPrice: price,
  ItemAmount: count * price,
});

const numbered = (lines: Line[]): InvoiceItem[] =>
  lines.map((l, i) => ({ ItemSeq: i + 1, ...l, ItemTaxType: '1' as const }));

const sum = (lines: readonly { ItemAmount: number }[]) => lines.reduce((total, l) => total + l.ItemAmount, 0);

/** The goods as sold: a line per product (name and spec) and per package, at the price paid per unit. */
function goodsLines(order: InvoiceOrder): Line[] {
  return [
    ...order.product_info
      .filter((p) => p.qty > 0)
      .map((p) => line(itemName(p.name, p.product_specs_name), p.qty, PIECE, p.unit_price)),
    ...order.package_info.filter((p) => p.qty > 0).map((p) => line(itemName(p.name), p.qty, PIECE, p.unit_price)),
  ];
}

/**
 * What bundles, the member level, the coupon and points took off, each as a positive NT$ amount with
 * the line name it is shown under (docs/decisions/061: level and coupon as bundles are).
 */
function deductions(order: InvoiceOrder): { name: string; amount: number }[] {
  const bundles = order.bundle_info.filter((b) => b.discount > 0);
  // An older order may lack its bundle snapshot; then the stored total is shown as one line.
  const bundleLines =
    bundles.reduce((total, b) => total + b.discount, 0) === order.discount_amount
      ? bundles.map((b) => ({ name: itemName('組合優惠', b.title), amount: b.discount }))
      : [{ name: '組合優惠', amount: order.discount_amount }];
  return [
    ...bundleLines,
    { name: '會員等級折扣', amount: order.level_discount ?? 0 },
    { name: itemName('優惠券折抵', order.coupon_code ?? ''), amount: order.coupon_discount ?? 0 },
    { name: '紅利點數折抵', amount: order.use_bonus },
  ].filter((d) => d.amount > 0);
}

function checkAddsUp(lines: Line[], order: InvoiceOrder): void {
  const total = sum(lines);
  if (total !== order.pay_amount) {
    throw new InvoiceItemsMismatch(
      `order lines add up to NT$${total}, the order's pay_amount is NT$${order.pay_amount}`,
    );
  }
}

/**
 * The Items of the order's invoice: its goods at the price paid per unit, the shipping fee, then a
 * negative line for each bundle discount, the level discount, the coupon and the bonus points spent, so the invoice shows what
 * the shopper was given off. ECPay takes negative ItemPrice/ItemAmount on B2C Items (its SDK's own
 * check on ItemPrice and ItemAmount is `^[-0-9]*$`). A free gift stays on the invoice at NT$0.
 * Throws InvoiceItemsMismatch when the lines do not add up to pay_amount.
 */
export function invoiceItemsOf(order: InvoiceOrder): InvoiceLines {
  const lines = [
    ...goodsLines(order),
    ...(order.shipping > 0 ? [line('運費', 1, LUMP, order.shipping)] : []),
    ...deductions(order).map((d) => line(d.name, 1, LUMP, -d.amount)),
  ];
  checkAddsUp(lines, order);
  return { amount: order.pay_amount, items: numbered(lines) };
}

/**
 * Splits `total` over `weights` in proportion, in whole NT$, summing exactly to `total`: each share
 * is rounded down and the NT$ left over go one each to the largest fractions (largest remainder),
 * so no share exceeds its weight's exact portion by NT$1 or more and none goes below zero.
 */
export function splitInProportion(total: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((a, b) => a + b, 0);
  if (whole <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / whole);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byFraction = exact
    .map((x, i) => ({ i, fraction: x - Math.floor(x) }))
    .sort((a, b) => b.fraction - a.fraction || a.i - b.i);
  for (const { i } of byFraction) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * A goods line whose amount is no longer a multiple of its count, as whole-NT$ lines: count − 1
 * units at the amount ÷ count rounded down, and one unit carrying the rest.
 */
function wholeUnitLines(l: Line, amount: number): Line[] {
  if (amount % l.ItemCount === 0) return [line(l.ItemName, l.ItemCount, l.ItemWord, amount / l.ItemCount)];
  const unit = Math.floor(amount / l.ItemCount);
  const rest = amount - unit * (l.ItemCount - 1);
  return [
    ...(unit > 0 ? [line(l.ItemName, l.ItemCount - 1, l.ItemWord, unit)] : []),
    line(l.ItemName, 1, l.ItemWord, rest),
  ];
}

/**
 * The Items of an allowance (折讓) giving back the whole order, for when the invoice can no longer
 * be voided. Only positive lines: the bundle discounts and points are folded into the goods lines in
 * proportion to their amounts (no share of the shipping fee, which points never pay), so each
 * line says what that good really cost; zero lines are left out. Adds up to pay_amount.
 */
export function allowanceItemsOf(order: InvoiceOrder): InvoiceLines {
  const goods = goodsLines(order);
  const taken = deductions(order).reduce((total, d) => total + d.amount, 0);
  const goodsTotal = sum(goods);
  if (taken > goodsTotal) {
    throw new InvoiceItemsMismatch(`discounts of NT$${taken} exceed the goods' NT$${goodsTotal}`);
  }
  const shares = splitInProportion(
    taken,
    goods.map((g) => g.ItemAmount),
  );
  const lines = [
    ...goods.flatMap((g, i) => wholeUnitLines(g, g.ItemAmount - shares[i]!)),
    ...(order.shipping > 0 ? [line('運費', 1, LUMP, order.shipping)] : []),
  ].filter((l) => l.ItemAmount > 0);
  checkAddsUp(lines, order);
  return { amount: order.pay_amount, items: numbered(lines) };
}
