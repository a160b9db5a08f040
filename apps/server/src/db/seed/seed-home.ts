// The home page and the section banners: carousels by site section, the two ads, and the index
// areas (about us, hot products, review articles, an ad strip).
import { sql } from 'drizzle-orm';
import { IndexAreaId, IndexAreaType, SiteSection } from '@shop/domain';
import * as s from '../schema/index.ts';
import type { Tx } from './demo-clock.ts';
import { demoHotProducts } from './demo-catalogue.ts';
import { demoAboutPages, demoFollowUs } from './demo-content.ts';
import type { SeededCatalogue } from './seed-catalogue.ts';
import type { SeededContent } from './seed-content.ts';

export async function seedHome(tx: Tx, catalogue: SeededCatalogue, content: SeededContent): Promise<void> {
  await seedCarousels(tx, catalogue);
  await tx.insert(s.specialAreas).values([
    { name: '好茶任選2件999', url: '/bundles', pic: 'demo/ads/s01.webp', indexId: 1 },
    { name: '加入LINE好友', url: demoFollowUs.line, pic: 'demo/ads/s02.webp', indexId: 2 },
  ]);
  await seedIndexAreas(tx, catalogue, content);
}

/** Three slides on the home page, one banner on each other section. */
async function seedCarousels(tx: Tx, { typeIds, pid }: SeededCatalogue): Promise<void> {
  const teaId = typeIds.get('台灣茶')!;
  await tx.insert(s.carousels).values([
    {
      position: SiteSection.Index,
      pic: 'demo/carousels/c01.webp',
      link: '/products',
      title: '好日子，從好物開始',
      subtitle: '台灣在地選物，滿NT$1,500免運',
      indexId: 1,
    },
    {
      position: SiteSection.Index,
      pic: 'demo/carousels/c02.webp',
      link: '/bundles',
      title: '保養品任選2件85折',
      subtitle: '換季保養正是時候',
      indexId: 2,
    },
    {
      position: SiteSection.Index,
      pic: 'demo/carousels/c03.webp',
      link: `/products?t=${teaId}&sn=${pid('阿里山高山烏龍茶')}`,
      title: '阿里山高山烏龍茶',
      subtitle: '花香清揚，回甘持久',
      indexId: 3,
    },
    {
      position: SiteSection.AboutUs,
      pic: 'demo/banners/about.webp',
      title: '關於我們',
      subtitle: 'About Us',
      indexId: 1,
    },
    { position: SiteSection.News, pic: 'demo/banners/news.webp', title: '最新消息', subtitle: 'News', indexId: 1 },
    {
      position: SiteSection.Products,
      pic: 'demo/banners/products.webp',
      title: '商品資訊',
      subtitle: 'Products',
      indexId: 1,
    },
    {
      position: SiteSection.Recommend,
      pic: 'demo/banners/recommend.webp',
      title: '分享專區',
      subtitle: 'Sharing',
      indexId: 1,
    },
    {
      position: SiteSection.ContactUs,
      pic: 'demo/banners/contact.webp',
      title: '聯絡我們',
      subtitle: 'Contact Us',
      indexId: 1,
    },
    {
      position: SiteSection.Service,
      pic: 'demo/banners/service.webp',
      title: '會員中心',
      subtitle: 'Service',
      indexId: 1,
    },
  ]);
}

async function seedIndexAreas(
  tx: Tx,
  { pid }: SeededCatalogue,
  { categoryId, articleRows, aboutRows }: SeededContent,
): Promise<void> {
  const reviewCategory = categoryId.get('使用心得')!;
  const reviewIds = articleRows.filter((a) => a.categoryId === reviewCategory).map((a) => ({ id: a.id }));
  await tx.insert(s.indexAreas).values([
    {
      id: 1,
      name: '關於我們',
      types: IndexAreaType.Article,
      style: JSON.stringify({
        title: '關於我們',
        content: demoAboutPages[0]!.content,
        link: `/about?id=${aboutRows[0]!.id}`,
        pic: 'demo/about/about-01.webp',
      }),
      indexId: 1,
    },
    {
      id: IndexAreaId.HotProducts,
      name: '熱銷商品',
      types: IndexAreaType.Banner,
      style: JSON.stringify({ title: '熱銷商品', link: '/products' }),
      ids: JSON.stringify(demoHotProducts.slice(0, 20).map((n) => ({ id: pid(n) }))),
      indexId: 3,
    },
    {
      id: IndexAreaId.ReviewArticles,
      name: '好評分享',
      types: IndexAreaType.Banner,
      style: JSON.stringify({ title: '好評分享', link: `/recommended?t=${reviewCategory}` }),
      ids: JSON.stringify(reviewIds),
      indexId: 4,
    },
    {
      id: 4,
      name: '廣告圖',
      types: IndexAreaType.Carousel,
      style: JSON.stringify({ pic: ['demo/ads/ad01.webp'], link: '/bundles' }),
      indexId: 2,
    },
  ]);
  // Fixed ids were given: move the identity past them so admin-created areas do not collide.
  await tx.execute(sql`SELECT setval(pg_get_serial_sequence('index_areas', 'id'), (SELECT max(id) FROM index_areas))`);
}
