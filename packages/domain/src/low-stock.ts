// 庫存不足 (issue 42): a spec whose tracked stock is at or below its own level, or the shop's default
// level when it has none. Untracked stock (null) never runs out.

/** The shop's default level until the owner sets another (system_settings.low_stock_level). */
export const DEFAULT_LOW_STOCK_LEVEL = 5;

export const LOW_STOCK_LABEL = '庫存不足';

/** Whether `stock` has fallen to the spec's level (or the shop's, when the spec names none). */
export function isLowStock(stock: number | null, level: number | null, shopLevel: number): boolean {
  return stock !== null && stock <= (level ?? shopLevel);
}
