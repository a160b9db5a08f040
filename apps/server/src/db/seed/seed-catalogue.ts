// The demo catalogue into rows: the two-level type tree, products with their specs and type links,
// hot-search tags, packages and bundles.
import * as s from '../schema/index.ts';
import {
  demoBundles,
  demoPackages,
  demoPackageTypes,
  demoProductPic,
  demoTags,
  demoTypeTree,
  type DemoProduct,
} from './demo-catalogue.ts';
import type { DemoClock, Tx } from './demo-clock.ts';

/** A seeded spec, as the demo orders quote it. */
export interface SeededSpec {
  id: number;
  name: string;
  onSalePrice: number;
}

/** What the other areas refer to, by name. */
export interface SeededCatalogue {
  /** Products inserted. */
  products: number;
  typeIds: Map<string, number>;
  /** A product's id by its name; a name the demo data does not have is a mistake in it. */
  pid: (name: string) => number;
  /** Each product's specs, in their order. */
  specsOf: Map<string, SeededSpec[]>;
  bundleIds: number[];
}

/** A demo product with its place in the tree and its picture. */
interface PlacedProduct {
  p: DemoProduct;
  typeNames: string[];
  pic: string;
  group: number;
}

export async function seedCatalogue(tx: Tx, clock: DemoClock): Promise<SeededCatalogue> {
  const { typeIds, placed } = await seedTypeTree(tx);
  const { products, pid, specsOf } = await seedProducts(tx, clock, placed, typeIds);
  await seedTags(tx, pid);
  await seedPackages(tx, clock);
  const bundleIds = await seedBundles(tx, clock, pid);
  return { products, typeIds, pid, specsOf, bundleIds };
}

/** Top types and their children; the products listed under them numbered for their pictures. */
async function seedTypeTree(tx: Tx): Promise<{ typeIds: Map<string, number>; placed: PlacedProduct[] }> {
  const typeIds = new Map<string, number>();
  let productNo = 0;
  let groupNo = 0;
  const allProducts: PlacedProduct[] = [];
  for (const group of demoTypeTree) {
    groupNo += 1;
    const [top] = await tx
      .insert(s.productTypes)
      .values({ name: group.name, level: 1, indexId: groupNo })
      .returning({ id: s.productTypes.id });
    typeIds.set(group.name, top!.id);
    let childNo = 0;
    for (const child of group.children) {
      childNo += 1;
      const [row] = await tx
        .insert(s.productTypes)
        .values({ name: child.name, level: 2, parentId: top!.id, indexId: childNo })
        .returning({ id: s.productTypes.id });
      typeIds.set(child.name, row!.id);
      for (const p of child.products)
        allProducts.push({
          p,
          typeNames: [group.name, child.name],
          pic: demoProductPic(++productNo),
          group: groupNo,
        });
    }
    for (const p of group.products ?? [])
      allProducts.push({ p, typeNames: [group.name], pic: demoProductPic(++productNo), group: groupNo });
  }
  return { typeIds, placed: allProducts };
}

/** The products (the first spec gives the card's prices), their specs and their type links. */
async function seedProducts(
  tx: Tx,
  { at, window }: DemoClock,
  allProducts: PlacedProduct[],
  typeIds: Map<string, number>,
): Promise<Omit<SeededCatalogue, 'typeIds' | 'bundleIds'>> {
  const productIds = new Map<string, number>();
  const specsOf = new Map<string, SeededSpec[]>();
  const inserted = await tx
    .insert(s.products)
    .values(
      allProducts.map(({ p, pic, group }, i) => ({
        name: p.name,
        description1: p.intro,
        description2: productDescription(p),
        banner: pic,
        price: p.specs[0]![1],
        onSalePrice: p.specs[0]![2],
        tagType: p.badge ?? 0,
        indexId: i + 1,
        pics: JSON.stringify([pic, `demo/products/detail-${group}.webp`]),
        descriptionTitles: JSON.stringify(['商品介紹', '規格說明', '注意事項']),
        internetCelebrity: p.internetCelebrity ?? false,
        createdAt: at(0, -(allProducts.length - i)),
        updatedAt: at(0, -(allProducts.length - i)),
        ...window(p.window),
      })),
    )
    .returning({ id: s.products.id, name: s.products.name });
  for (const r of inserted) productIds.set(r.name, r.id);
  const pid = (name: string) => {
    const id = productIds.get(name);
    if (id === undefined) throw new Error(`demo data refers to an unknown product: ${name}`);
    return id;
  };
  const specRows = await tx
    .insert(s.productSpecs)
    .values(
      allProducts.flatMap(({ p }) =>
        p.specs.map(([name, price, onSalePrice, stock], i) => ({
          productId: pid(p.name),
          name,
          price,
          onSalePrice,
          stock: stock ?? null,
          indexId: i + 1,
        })),
      ),
    )
    .returning({
      id: s.productSpecs.id,
      productId: s.productSpecs.productId,
      name: s.productSpecs.name,
      onSalePrice: s.productSpecs.onSalePrice,
    });
  const nameById = new Map(inserted.map((r) => [r.id, r.name]));
  for (const r of specRows) {
    const name = nameById.get(r.productId)!;
    specsOf.set(name, [...(specsOf.get(name) ?? []), r]);
  }
  await tx
    .insert(s.productTypeLinks)
    .values(
      allProducts.flatMap(({ p, typeNames }) =>
        typeNames.map((t) => ({ productId: pid(p.name), productTypeId: typeIds.get(t)! })),
      ),
    );
  return { products: inserted.length, pid, specsOf };
}

function productDescription(p: DemoProduct): string {
  const specs = p.specs.map(([name, , onSale]) => `<li>${name}：NT$${onSale.toLocaleString('en-US')}</li>`).join('');
  return `<p>${p.intro}</p><h3>規格</h3><ul>${specs}</ul><p>產地：台灣。保存期限與使用方式請詳見包裝標示。</p>`;
}

async function seedTags(tx: Tx, pid: (name: string) => number): Promise<void> {
  await tx.insert(s.tags).values(
    demoTags.map((t, i) => ({
      name: t.name,
      ids: JSON.stringify(t.products.map((n) => ({ id: pid(n) }))),
      indexId: i + 1,
    })),
  );
}

async function seedPackages(tx: Tx, { at }: DemoClock): Promise<void> {
  const packageTypeRows = await tx
    .insert(s.packageTypes)
    .values(demoPackageTypes.map((name, i) => ({ name, indexId: i + 1 })))
    .returning({ id: s.packageTypes.id, name: s.packageTypes.name });
  const packageTypeId = new Map(packageTypeRows.map((r) => [r.name, r.id]));
  await tx.insert(s.productPackages).values(
    demoPackages.map((k, i) => {
      const pic = `demo/packages/k${String(i + 1).padStart(2, '0')}.webp`;
      return {
        packageTypeId: packageTypeId.get(k.type)!,
        name: k.name,
        description1: k.intro,
        description2: `<p>${k.intro}</p><p>附精美提袋與賀卡，可於備註填寫祝福語。</p>`,
        banner: pic,
        price: k.price,
        onSalePrice: k.onSale,
        stock: k.stock ?? null,
        indexId: i + 1,
        descriptionTitles: JSON.stringify(['組合內容', '注意事項']),
        pics: JSON.stringify([pic]),
        createdAt: at(-(i + 1)),
        updatedAt: at(-(i + 1)),
      };
    }),
  );
}

/** The bundles with their products; their ids in the demo data's order. */
async function seedBundles(tx: Tx, { window }: DemoClock, pid: (name: string) => number): Promise<number[]> {
  const bundleIds: number[] = [];
  for (const [i, b] of demoBundles.entries()) {
    const [row] = await tx
      .insert(s.productBundles)
      .values({
        title: b.title,
        description: b.description,
        banner: `demo/bundles/b${String(i + 1).padStart(2, '0')}.webp`,
        discountType: b.discountType,
        discountRule: JSON.stringify(b.rule),
        indexId: i + 1,
        ...window(b.window),
      })
      .returning({ id: s.productBundles.id });
    bundleIds.push(row!.id);
    await tx.insert(s.bundleProducts).values(b.products.map((n) => ({ bundleId: row!.id, productId: pid(n) })));
  }
  return bundleIds;
}
