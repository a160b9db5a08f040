// NT$ amounts: integers, shown with zh-TW digit grouping (architecture: prices are integers in NT$).

/** zh-TW groups digits in threes with a comma, as Intl.NumberFormat('zh-TW') does, at a fraction of its cost (a page shows dozens of prices). */
const groupDigits = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

/** `1280` → `NT$1,280`; negatives (a bonus-point deduction, spec §2) → `-NT$100`. */
export function formatNtd(amount: number): string {
  const n = Number.isFinite(amount) ? Math.round(amount) : 0;
  const text = `NT$${groupDigits(Math.abs(n))}`;
  return n < 0 ? `-${text}` : text;
}

/** spec §3: a product is on sale when price and on_sale_price differ. */
export function isOnSale(item: {
  price: number | null | undefined;
  on_sale_price: number | null | undefined;
}): boolean {
  const { price, on_sale_price: sale } = item;
  return typeof price === 'number' && typeof sale === 'number' && price !== sale;
}
