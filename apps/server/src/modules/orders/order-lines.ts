// The lines of an order as its frozen snapshots hold them (spec §3 product_info, package_info), read
// tolerantly: older snapshots without unit_price or product_snapshot are completed, malformed ones skipped.
import { parseJsonSafe, type OrderPackageLineView, type OrderProductLineView } from '@shop/domain';

export type Raw = Record<string, unknown>;

export function list(text: string): Raw[] {
  const parsed = parseJsonSafe(text, []);
  return Array.isArray(parsed) ? parsed.filter((x): x is Raw => typeof x === 'object' && x !== null) : [];
}

export const int = (value: unknown, fallback = 0) =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : fallback;
export const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** spec §3 order lines; older snapshots without unit_price or product_snapshot are completed. */
export function productLines(stored: string): OrderProductLineView[] {
  return list(stored).map((item) => {
    const snapshot = (item.product_snapshot ?? {}) as Raw;
    const name = text(item.name) || text(snapshot.name);
    const specName = text(item.product_specs_name) || text(snapshot.product_specs_name);
    const onSalePrice = int(item.on_sale_price, int(snapshot.on_sale_price));
    const specId = int(item.spec_id, 0);
    return {
      id: int(item.id),
      spec_id: specId > 0 ? specId : null,
      name,
      product_specs_name: specName,
      on_sale_price: onSalePrice,
      unit_price: int(item.unit_price, onSalePrice),
      qty: int(item.qty),
      product_snapshot: { name, product_specs_name: specName, on_sale_price: onSalePrice },
    };
  });
}

export function packageLines(stored: string): OrderPackageLineView[] {
  return list(stored).map((item) => {
    const snapshot = (item.product_snapshot ?? {}) as Raw;
    const name = text(item.name) || text(snapshot.name);
    const onSalePrice = int(item.on_sale_price, int(snapshot.on_sale_price));
    return {
      id: int(item.id),
      name,
      on_sale_price: onSalePrice,
      unit_price: int(item.unit_price, onSalePrice),
      qty: int(item.qty),
      product_snapshot: { name, on_sale_price: onSalePrice },
    };
  });
}
