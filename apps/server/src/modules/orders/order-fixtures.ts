// Rows the cart, order and upload API tests insert (each test file builds its own data, STYLE.md §7).
import type { Db } from '../../db/client.ts';
import {
  bundleProducts,
  memberBonus,
  memberProductRelations,
  members,
  packageTypes,
  paymentSettings,
  productBundles,
  productPackages,
  productSpecs,
  products,
  systemSettings,
} from '../../db/schema/index.ts';

let seq = 0;
const next = () => ++seq;

export async function insertMember(
  db: Db,
  values: Partial<typeof members.$inferInsert> & { bonus?: number } = {},
): Promise<number> {
  const n = next();
  const { bonus, ...rest } = values;
  const [row] = await db
    .insert(members)
    .values({
      account: `09${String(10_000_000 + n * 7919).slice(-8)}`,
      passwordHash: 'not-a-hash',
      name: '王小明',
      cellPhone: '0912345678',
      ...rest,
    })
    .returning({ id: members.id });
  await db.insert(memberBonus).values({ memberId: row!.id, bonus: bonus ?? 0 });
  return row!.id;
}

export async function insertProduct(
  db: Db,
  values: Partial<typeof products.$inferInsert> = {},
  specs: Array<Partial<typeof productSpecs.$inferInsert>> = [{}],
): Promise<{ id: number; specIds: number[] }> {
  const [row] = await db
    .insert(products)
    .values({ name: `商品${next()}`, price: 600, onSalePrice: 500, ...values })
    .returning({ id: products.id });
  const specIds: number[] = [];
  for (const [i, spec] of specs.entries()) {
    const [s] = await db
      .insert(productSpecs)
      .values({ productId: row!.id, name: `規格${i + 1}`, price: 600, onSalePrice: 500, indexId: i, ...spec })
      .returning({ id: productSpecs.id });
    specIds.push(s!.id);
  }
  return { id: row!.id, specIds };
}

let packageTypeId: number | undefined;
export async function insertPackage(
  db: Db,
  values: Partial<typeof productPackages.$inferInsert> = {},
): Promise<number> {
  if (packageTypeId === undefined) {
    const [t] = await db
      .insert(packageTypes)
      .values({ name: `禮盒類${next()}` })
      .returning({ id: packageTypes.id });
    packageTypeId = t!.id;
  }
  const [row] = await db
    .insert(productPackages)
    .values({ packageTypeId, name: `禮盒${next()}`, price: 1200, onSalePrice: 1000, ...values })
    .returning({ id: productPackages.id });
  return row!.id;
}

/** Forget the cached package type (a new database per file). */
export function resetFixtures() {
  packageTypeId = undefined;
}

export async function insertBundle(
  db: Db,
  values: Partial<typeof productBundles.$inferInsert> & { discountType: number },
  productIds: number[],
): Promise<number> {
  const [row] = await db
    .insert(productBundles)
    .values({ title: `活動${next()}`, ...values })
    .returning({ id: productBundles.id });
  if (productIds.length) {
    await db.insert(bundleProducts).values(productIds.map((productId) => ({ bundleId: row!.id, productId })));
  }
  return row!.id;
}

export async function insertSettings(db: Db, values: Partial<typeof systemSettings.$inferInsert> = {}) {
  await db
    .insert(systemSettings)
    .values({
      id: 1,
      websiteTitle: '好物小舖',
      shippingFee: 100,
      lowTempShippingFee: 160,
      freeShippingThreshold: 1500,
      ...values,
    })
    .onConflictDoUpdate({ target: systemSettings.id, set: { ...values } });
  await db
    .insert(paymentSettings)
    .values({
      id: 1,
      bankAccountName: '好物小舖有限公司',
      bankCode: '808',
      bankName: '玉山銀行',
      bankAccount: '0123456789012',
    })
    .onConflictDoNothing();
}

export async function insertInfluencer(
  db: Db,
  code: string,
  discount: { type: number; value: number },
  productIds: number[],
): Promise<number> {
  const id = await insertMember(db, {
    isInternetCelebrity: true,
    internetCelebrityCode: code,
    celebrityDiscountType: discount.type,
    celebrityDiscountValue: discount.value,
  });
  for (const productId of productIds) await db.insert(memberProductRelations).values({ memberId: id, productId });
  return id;
}
