// seedCatalogueLoad: N extra products for benchmarks (npm run seed -- --products N), inserted in
// batches of 1000 with their specs and type links, reusing the demo pictures.
import { eq, sql } from 'drizzle-orm';
import { BadgeKind } from '@shop/domain';
import type { Db } from '../client.ts';
import * as s from '../schema/index.ts';
import { demoProductPic } from './demo-catalogue.ts';

const BATCH = 1000;
const DEMO_PICS = 20;

const origins = ['台東', '花蓮', '南投', '嘉義', '屏東', '宜蘭', '新竹', '苗栗', '雲林', '澎湖', '台南', '阿里山'];
const qualities = ['經典', '職人', '有機', '手作', '限定', '嚴選', '天然', '輕盈', '濃醇', '清新', '極致', '日常'];
const things = [
  '烏龍茶',
  '紅茶',
  '咖啡豆',
  '蜂蜜',
  '護手霜',
  '洗髮露',
  '精華液',
  '果乾',
  '米香',
  '醬油',
  '香皂',
  '麻油',
  '茶包',
  '果醬',
  '沐浴乳',
  '面膜',
];
const pitches = [
  '產地直送，新鮮看得見。',
  '小農契作，安心無負擔。',
  '職人手工製作，每批限量。',
  '送禮自用兩相宜。',
  '天然成分，全家都適用。',
  '回購率最高的人氣商品。',
  '簡約包裝，環保減塑。',
  '口感層次豐富，回味無窮。',
];
const specNames = [['單入'], ['小', '大'], ['經典款', '禮盒款'], ['30入'], ['250ml', '500ml']];

/** Adds `products` more products; returns how many were inserted. Needs at least one product type. */
export async function seedCatalogueLoad(db: Db, options: { products: number; now?: Date }): Promise<number> {
  const total = Math.max(0, Math.floor(options.products));
  if (total === 0) return 0;
  const now = options.now ?? new Date();
  // Like the demo: a product is linked to its level-2 type and to that type's level-1 parent.
  let typeLinks = (
    await db
      .select({ id: s.productTypes.id, parentId: s.productTypes.parentId })
      .from(s.productTypes)
      .where(eq(s.productTypes.level, 2))
  ).map((r) => (r.parentId === null ? [r.id] : [r.id, r.parentId]));
  if (typeLinks.length === 0) {
    const [row] = await db
      .insert(s.productTypes)
      .values({ name: '壓測商品', level: 1, indexId: 999 })
      .returning({ id: s.productTypes.id });
    typeLinks = [[row!.id]];
  }
  const [{ start } = { start: 0 }] = await db
    .select({ start: sql<number>`coalesce(max(${s.products.indexId}), 0)::int` })
    .from(s.products);

  for (let offset = 0; offset < total; offset += BATCH) {
    const size = Math.min(BATCH, total - offset);
    await db.transaction(async (tx) => {
      const rows = Array.from({ length: size }, (_, k) => {
        const i = offset + k;
        const name = `${origins[i % origins.length]}${qualities[Math.floor(i / origins.length) % qualities.length]}${things[i % things.length]} ${i + 1}號`;
        const price = 200 + ((i * 37) % 40) * 50;
        const onSalePrice = i % 3 === 0 ? price : Math.round((price * 0.85) / 10) * 10;
        const pic = demoProductPic((i % DEMO_PICS) + 1);
        return {
          name,
          description1: `${pitches[i % pitches.length]}${pitches[(i * 7 + 3) % pitches.length]}`,
          description2: `<p>${name}：${pitches[(i * 5 + 1) % pitches.length]}</p><p>產地：${origins[(i * 3) % origins.length]}。</p>`,
          banner: pic,
          price,
          onSalePrice,
          tagType: [BadgeKind.None, BadgeKind.None, BadgeKind.Hot, BadgeKind.New, BadgeKind.Select][i % 5]!,
          indexId: start + i + 1,
          pics: JSON.stringify([pic]),
          descriptionTitles: JSON.stringify(['商品介紹']),
          createdAt: new Date(now.getTime() - (total - i) * 1000),
          updatedAt: now,
        };
      });
      const inserted = await tx
        .insert(s.products)
        .values(rows)
        .returning({ id: s.products.id, price: s.products.price, onSalePrice: s.products.onSalePrice });
      const specs = inserted.flatMap((p, k) =>
        specNames[(offset + k) % specNames.length]!.map((specName, j) => ({
          productId: p.id,
          name: specName,
          price: p.price + j * 200,
          onSalePrice: p.onSalePrice + j * 200,
          stock: (offset + k) % 4 === 0 ? 100 : null,
          indexId: j + 1,
        })),
      );
      await tx.insert(s.productSpecs).values(specs);
      await tx
        .insert(s.productTypeLinks)
        .values(
          inserted.flatMap((p, k) =>
            typeLinks[(offset + k) % typeLinks.length]!.map((productTypeId) => ({ productId: p.id, productTypeId })),
          ),
        );
    });
  }
  return total;
}
