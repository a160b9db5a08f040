// seedDemo: a believable Taiwan shop (issue 3 item 3) loaded into an EMPTY database, with every
// date relative to `now` so the activity windows and after-sales rules show the same way each run.
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from '../../modules/members/password.ts';
import { sql } from 'drizzle-orm';
import {
  BonusSource,
  CancelStatus,
  DeliveryMethod,
  DiscountKind,
  Gender,
  IndexAreaId,
  IndexAreaType,
  InvoiceType,
  OrderStatus,
  PageSection,
  PaymentMethod,
  SiteSection,
} from '@shop/domain';
import type { Db } from '../client.ts';
import * as s from '../schema/index.ts';
import {
  demoBundles,
  demoHotProducts,
  demoInfluencerPicks,
  demoPackages,
  demoPackageTypes,
  demoTags,
  demoTypeTree,
  type DemoProduct,
} from './demo-catalogue.ts';
import {
  demoAboutPages,
  demoArticleCategories,
  demoArticles,
  demoCourses,
  demoCourseTypes,
  demoFollowUs,
  demoLevels,
  demoNews,
  demoPaymentSetting,
  demoQuestions,
  demoSettings,
  demoTerms,
} from './demo-content.ts';
import {
  avatarArt,
  badgeArt,
  bannerArt,
  coverArt,
  logoArt,
  productArt,
  renderImages,
  type ImageJob,
} from './demo-images.ts';
import { seedOrderHistory } from './order-history.ts';

export interface SeedDemoOptions {
  /** DATA_DIR; pictures go to `${dataDir}/uploads/demo/...`. */
  dataDir: string;
  /** The clock every seeded date is relative to. */
  now: Date;
  /**
   * Create the demo owner `admin` / `Admin1234` (default true). Production passes false: a shop
   * that loads the demo catalogue there must not get a publicly known back-office password.
   */
  withDemoStaff?: boolean;
}

export interface SeedDemoResult {
  products: number;
  members: number;
  orders: number;
  imagesDrawn: number;
}

/** Password of every demo member (issue 3). */
export const DEMO_MEMBER_PASSWORD = 'Demo1234';
/** The demo back-office owner. */
export const DEMO_STAFF = { account: 'admin', password: 'Admin1234' } as const;
/** Demo members are hashed exactly like members who sign up (docs/decisions/012). */
export { ARGON2_OPTIONS };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** True when nothing was seeded yet: there is no system_settings row. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: s.systemSettings.id }).from(s.systemSettings).limit(1);
  return rows.length === 0;
}

/** Uploads key of the n-th (1-based) demo product picture; the load catalogue reuses them. */
export const demoProductPic = (n: number) => `demo/products/p${String(n).padStart(2, '0')}.webp`;

export async function seedDemo(db: Db, options: SeedDemoOptions): Promise<SeedDemoResult> {
  const { now } = options;
  const at = (days: number, hours = 0) => new Date(now.getTime() + days * DAY + hours * HOUR);
  const window = (w?: { startDays?: number; endDays?: number }) => ({
    activityStartTime: w?.startDays === undefined ? null : at(w.startDays),
    activityEndTime: w?.endDays === undefined ? null : at(w.endDays),
  });

  // Pictures and password hashes are slow and independent of the rows: start them first.
  const images = renderImages(path.join(options.dataDir, 'uploads'), demoImageJobs());
  const [memberHash, staffHash] = await Promise.all([
    hash(DEMO_MEMBER_PASSWORD, ARGON2_OPTIONS),
    hash(DEMO_STAFF.password, ARGON2_OPTIONS),
  ]);
  // Each member gets its own salt; hashing in parallel keeps it quick.
  const [hashA, hashB] = await Promise.all([
    hash(DEMO_MEMBER_PASSWORD, ARGON2_OPTIONS),
    hash(DEMO_MEMBER_PASSWORD, ARGON2_OPTIONS),
  ]);

  const counts = await db.transaction(async (tx) => {
    await seedSettings(tx);

    // ---- catalogue: two-level type tree, products, specs, links
    const typeIds = new Map<string, number>();
    const productIds = new Map<string, number>();
    const specsOf = new Map<string, { id: number; name: string; onSalePrice: number }[]>();
    let productNo = 0;
    let groupNo = 0;
    const allProducts: { p: DemoProduct; typeNames: string[]; pic: string; group: number }[] = [];
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

    await tx.insert(s.tags).values(
      demoTags.map((t, i) => ({
        name: t.name,
        ids: JSON.stringify(t.products.map((n) => ({ id: pid(n) }))),
        indexId: i + 1,
      })),
    );

    // ---- packages
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

    // ---- bundles
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

    // ---- courses
    const courseTypeId = new Map<string, number>();
    for (const [i, t] of demoCourseTypes.entries()) {
      const [row] = await tx
        .insert(s.courseTypes)
        .values({ name: t.name, parentId: t.parent ? courseTypeId.get(t.parent)! : null, indexId: i + 1 })
        .returning({ id: s.courseTypes.id });
      courseTypeId.set(t.name, row!.id);
    }
    await tx.insert(s.courses).values(
      demoCourses.map((c, i) => ({
        courseTypeId: courseTypeId.get(c.type)!,
        name: c.name,
        description: `<p>${c.name}，小班制教學，材料費已含在課程費用內。</p><p>上課地點：${c.location}</p>`,
        pic: `demo/courses/co${String(i + 1).padStart(2, '0')}.webp`,
        price: c.price,
        onSalePrice: c.onSale,
        startDate: taipeiDate(at(c.startDays)),
        location: c.location,
        indexId: i + 1,
        createdAt: at(-(i + 1)),
      })),
    );

    // ---- content: news, article categories, articles, about pages
    await tx.insert(s.news).values(
      demoNews.map((n, i) => ({
        title: n.title,
        summary: n.summary,
        content: `<p>${n.summary}</p><p>詳細內容請洽客服專線 ${demoSettings.servicePhone}，或加入LINE官方帳號。</p>`,
        pic: JSON.stringify([`demo/news/n${String(i + 1).padStart(2, '0')}.webp`]),
        file: '[]',
        postAt: at(-n.daysAgo),
        createdAt: at(-n.daysAgo),
      })),
    );
    const categoryRows = await tx
      .insert(s.articleCategories)
      .values(demoArticleCategories.map((name, i) => ({ name, indexId: i + 1 })))
      .returning({ id: s.articleCategories.id, name: s.articleCategories.name });
    const categoryId = new Map(categoryRows.map((r) => [r.name, r.id]));
    const articleRows = await tx
      .insert(s.articles)
      .values(
        demoArticles.map((a, i) => ({
          categoryId: categoryId.get(a.category)!,
          title: a.title,
          summary: a.summary,
          content: `<p>${a.summary}</p><p>好日子選物編輯部整理，歡迎分享給喜歡的朋友。</p>`,
          pic: `demo/articles/a${String(i + 1).padStart(2, '0')}.webp`,
          indexId: i + 1,
          createdAt: at(-(30 - i * 2)),
          updatedAt: at(-(30 - i * 2)),
        })),
      )
      .returning({ id: s.articles.id, categoryId: s.articles.categoryId });
    const aboutRows = await tx
      .insert(s.aboutPages)
      .values(
        demoAboutPages.map((p, i) => ({
          section: i === 0 ? PageSection.AboutUs : PageSection.Business,
          title: p.title,
          content: p.content,
          pic: `demo/about/about-${String(i + 1).padStart(2, '0')}.webp`,
          indexId: i + 1,
        })),
      )
      .returning({ id: s.aboutPages.id });

    // ---- home: carousels by site section, ads, index areas
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
    await tx.insert(s.specialAreas).values([
      { name: '好茶任選2件999', url: '/bundles', pic: 'demo/ads/s01.webp', indexId: 1 },
      { name: '加入LINE好友', url: demoFollowUs.line, pic: 'demo/ads/s02.webp', indexId: 2 },
    ]);
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
    await tx.execute(
      sql`SELECT setval(pg_get_serial_sequence('index_areas', 'id'), (SELECT max(id) FROM index_areas))`,
    );

    // ---- members
    const levelRows = await tx
      .insert(s.memberLevels)
      .values(
        demoLevels.map((l, i) => ({
          ...l,
          pic: `demo/levels/level-${String(i + 1).padStart(2, '0')}.webp`,
          indexId: i + 1,
        })),
      )
      .returning({ id: s.memberLevels.id });
    const [ming, mei, da] = await tx
      .insert(s.members)
      .values([
        {
          account: '0911111111',
          passwordHash: memberHash,
          name: '王小明',
          cellPhone: '0911111111',
          gender: Gender.MALE,
          city: '台北市',
          area: '大安區',
          address: '復興南路一段390號3樓',
          avatar: 'demo/members/avatar-01.webp',
          email: 'xiaoming@example.com',
          memberLevelId: levelRows[1]!.id,
          createdAt: at(-200),
          updatedAt: at(-200),
        },
        {
          account: '0922222222',
          passwordHash: hashA,
          name: '林美玲',
          cellPhone: '0922222222',
          gender: Gender.FEMALE,
          city: '台中市',
          area: '西屯區',
          address: '台灣大道三段99號12樓',
          avatar: 'demo/members/avatar-02.webp',
          email: 'meiling@example.com',
          memberLevelId: levelRows[2]!.id,
          isInternetCelebrity: true,
          internetCelebrityCode: 'DEMOKOL',
          celebrityDiscountType: DiscountKind.PercentOn,
          celebrityDiscountValue: 90,
          createdAt: at(-300),
          updatedAt: at(-300),
        },
        {
          account: '0933333333',
          passwordHash: hashB,
          name: '陳大文',
          cellPhone: '0933333333',
          gender: Gender.MALE,
          city: '高雄市',
          area: '苓雅區',
          address: '四維三路2號',
          avatar: 'demo/members/avatar-03.webp',
          memberLevelId: levelRows[0]!.id,
          createdAt: at(-60),
          updatedAt: at(-60),
        },
      ])
      .returning({ id: s.members.id });
    // Downline: 林美玲 → 王小明 → 陳大文.
    await tx.execute(sql`UPDATE members SET referrer_id = ${mei!.id} WHERE id = ${ming!.id}`);
    await tx.execute(sql`UPDATE members SET referrer_id = ${ming!.id} WHERE id = ${da!.id}`);
    await tx
      .insert(s.memberBonus)
      .values([
        { memberId: ming!.id, bonus: 500, point: 120 },
        { memberId: mei!.id, bonus: 0, charlotteCoin: 300 },
        { memberId: da!.id },
      ]);
    await tx
      .insert(s.memberProductRelations)
      .values(demoInfluencerPicks.map((n, i) => ({ memberId: mei!.id, productId: pid(n), indexId: i + 1 })));

    // ---- orders of 0911111111: one per after-sales state (spec §4)
    const line = (name: string, qty: number, specIndex = 0) => {
      const spec = specsOf.get(name)![specIndex]!;
      return {
        id: pid(name),
        name,
        product_specs_name: spec.name,
        spec_id: spec.id,
        on_sale_price: spec.onSalePrice,
        qty,
      };
    };
    const goods = (lines: ReturnType<typeof line>[]) => lines.reduce((sum, l) => sum + l.on_sale_price * l.qty, 0);
    const recv = { recvName: '王小明', recvCellphone: '0911111111', recvAddress: '台北市大安區復興南路一段390號3樓' };
    const buyer = { memberId: ming!.id, memberCellphone: '0911111111' };
    const eInvoice = JSON.stringify({ type: InvoiceType.Duplicate, carrier_type: 'mobile', carrier: '/ABC1234' });
    let seq = 0;
    const orderNumber = (created: Date) =>
      `GD${taipeiDate(created).replaceAll('-', '').slice(2)}${String(++seq + 100).padStart(4, '0')}`;

    const unpaidLines = [line('阿里山高山烏龍茶', 1), line('梨山冷泡茶包', 2)];
    const paidLines = [line('玻尿酸保濕精華液', 1), line('薰衣草舒眠身體乳', 1)];
    const paidGoods = goods(paidLines);
    const paidDiscount = paidGoods - Math.round((paidGoods * 85) / 100);
    const recentLines = [line('綜合維他命B群', 2), line('益生菌順暢粉', 1)];
    const recentGoods = goods(recentLines);
    const recentCelebrity = recentGoods - Math.round((recentGoods * 90) / 100);
    const oldLines = [line('無患子洗衣精', 1), line('竹炭除濕包', 2)];
    const cancelLines = [line('台灣檜木砧板', 1)];
    const bundle1 = demoBundles[0]!;

    const created = {
      unpaid: at(-1),
      paid: at(0, -3),
      recent: at(-5),
      old: at(-33),
      cancelled: at(-10),
    };
    const orderRows = await tx
      .insert(s.orders)
      .values([
        {
          // Unpaid bank transfer, still Processing, no remittance notice yet: offers "notify payment".
          ...buyer,
          ...recv,
          orderNumber: orderNumber(created.unpaid),
          paymentType: PaymentMethod.Transfer,
          goodsAmount: goods(unpaidLines),
          shipping: 0, // goods over the free-shipping threshold
          payAmount: goods(unpaidLines),
          receipt: eInvoice,
          remark: '請於平日白天配送',
          productInfo: JSON.stringify(unpaidLines),
          createdAt: created.unpaid,
          updatedAt: created.unpaid,
        },
        {
          // Paid by card, Processing, not shipped: cancel opens the refund modal.
          ...buyer,
          ...recv,
          orderNumber: orderNumber(created.paid),
          paymentType: PaymentMethod.Credit,
          isPayment: true,
          paidAt: at(0, -3),
          tradeNo: '2501151234567890',
          goodsAmount: paidGoods,
          discountAmount: paidDiscount,
          shipping: 100,
          useBonus: 100,
          payAmount: paidGoods - paidDiscount + 100 - 100,
          receipt: eInvoice,
          productInfo: JSON.stringify(paidLines),
          bundleInfo: JSON.stringify([
            {
              id: bundleIds[0],
              title: bundle1.title,
              discount_type: bundle1.discountType,
              discount_rule: JSON.stringify(bundle1.rule),
              discount: paidDiscount,
            },
          ]),
          createdAt: created.paid,
          updatedAt: created.paid,
        },
        {
          // Shipped 2 days ago: inside the 7-day return window.
          ...buyer,
          ...recv,
          orderNumber: orderNumber(created.recent),
          paymentType: PaymentMethod.Credit,
          isPayment: true,
          paidAt: created.recent,
          isShipping: true,
          shipDate: at(-2),
          freightCompany: '黑貓宅急便',
          trackingNumber: '905512348876',
          status: OrderStatus.Complete,
          goodsAmount: recentGoods,
          celebrityDiscount: recentCelebrity,
          celebrityCode: 'DEMOKOL',
          shipping: 0,
          payAmount: recentGoods - recentCelebrity,
          receipt: JSON.stringify({ type: InvoiceType.Triplicate, tax_id: '53212539', title: '小明設計工作室' }),
          productInfo: JSON.stringify(recentLines),
          createdAt: created.recent,
          updatedAt: at(-2),
        },
        {
          // Shipped 30 days ago to a convenience store, paid on pickup: the return window has passed.
          ...buyer,
          ...recv,
          recvAddress: '',
          orderNumber: orderNumber(created.old),
          paymentType: PaymentMethod.CashOnDelivery,
          deliveryMethod: DeliveryMethod.ConvenienceStore,
          storeInfo: JSON.stringify({ chain: '7-ELEVEN', id: '131386', name: '忠孝敦化門市' }),
          isPayment: true,
          paidAt: at(-28),
          isShipping: true,
          shipDate: at(-30),
          freightCompany: '7-ELEVEN 交貨便',
          trackingNumber: 'F27394810552',
          status: OrderStatus.Complete,
          goodsAmount: goods(oldLines),
          shipping: 100,
          payAmount: goods(oldLines) + 100,
          receipt: JSON.stringify({ type: InvoiceType.Donate, donate_code: '919' }),
          productInfo: JSON.stringify(oldLines),
          createdAt: created.old,
          updatedAt: at(-28),
        },
        {
          // Unpaid ATM virtual account, cancelled by the shop after the member's request.
          ...buyer,
          ...recv,
          orderNumber: orderNumber(created.cancelled),
          paymentType: PaymentMethod.VirtualAccount,
          virtualAccount: '9103522175887271',
          virtualAccountBankCode: '822',
          virtualAccountExpireDate: at(-7),
          status: OrderStatus.Cancel,
          goodsAmount: goods(cancelLines),
          shipping: 100,
          payAmount: goods(cancelLines) + 100,
          receipt: eInvoice,
          productInfo: JSON.stringify(cancelLines),
          createdAt: created.cancelled,
          updatedAt: at(-9),
        },
      ])
      .returning({ id: s.orders.id, orderNumber: s.orders.orderNumber });
    const paidOrder = orderRows[1]!;
    const cancelledOrder = orderRows[4]!;
    await tx.insert(s.orderCancelRecords).values({
      orderId: cancelledOrder.id,
      memberId: ming!.id,
      orderNumber: cancelledOrder.orderNumber,
      contactPhone: '0911111111',
      reason: '重複下單，想取消這筆訂單',
      status: CancelStatus.Approve,
      createdAt: at(-9, -4),
      handledAt: at(-9),
    });

    // ---- orders of 0933333333 waiting for the shop (the back office's first to-dos): a transfer
    // whose remittance notice names the last five digits, and a return request to decide.
    const daRecv = { recvName: '陳大文', recvCellphone: '0933333333', recvAddress: '高雄市苓雅區四維三路2號' };
    const daBuyer = { memberId: da!.id, memberCellphone: '0933333333' };
    const notifiedLines = [line('文山包種茶', 1)];
    const returnLines = [line('薰衣草舒眠身體乳', 1), line('乳油木果滋潤護唇膏', 2)];
    const waiting = { notified: at(0, -20), returned: at(-4) };
    const [, returnOrder] = await tx
      .insert(s.orders)
      .values([
        {
          ...daBuyer,
          ...daRecv,
          orderNumber: orderNumber(waiting.notified),
          paymentType: PaymentMethod.Transfer,
          lastNumberOfTransfer: '54321',
          goodsAmount: goods(notifiedLines),
          shipping: 100,
          payAmount: goods(notifiedLines) + 100,
          receipt: eInvoice,
          productInfo: JSON.stringify(notifiedLines),
          createdAt: waiting.notified,
          updatedAt: at(0, -18),
        },
        {
          ...daBuyer,
          ...daRecv,
          orderNumber: orderNumber(waiting.returned),
          paymentType: PaymentMethod.Credit,
          isPayment: true,
          paidAt: waiting.returned,
          tradeNo: '2501151234567999',
          isShipping: true,
          shipDate: at(-3),
          freightCompany: '新竹物流',
          trackingNumber: '6012345678',
          status: OrderStatus.Complete,
          isReturn: true,
          goodsAmount: goods(returnLines),
          shipping: 100,
          payAmount: goods(returnLines) + 100,
          receipt: eInvoice,
          productInfo: JSON.stringify(returnLines),
          createdAt: waiting.returned,
          updatedAt: at(-1),
        },
      ])
      .returning({ id: s.orders.id, orderNumber: s.orders.orderNumber });
    await tx.insert(s.orderReturnRecords).values({
      orderId: returnOrder!.id,
      memberId: da!.id,
      orderNumber: returnOrder!.orderNumber,
      contactPerson: '陳大文',
      contactPhone: '0933333333',
      spec: '乳油木果滋潤護唇膏 2 條',
      reason: '收到時外盒壓壞，想退回護唇膏',
      pic: JSON.stringify([demoProductPic(11)]),
      createdAt: at(-1),
    });

    // ---- staff, then the bonus history that explains 王小明's 500 points
    const [owner] =
      options.withDemoStaff === false
        ? [null]
        : await tx
            .insert(s.staff)
            .values({ account: DEMO_STAFF.account, passwordHash: staffHash, name: '店長', role: 'owner' })
            .returning({ id: s.staff.id });
    await tx.insert(s.bonusLedger).values([
      {
        memberId: ming!.id,
        delta: 600,
        balanceAfter: 600,
        source: BonusSource.Admin,
        reason: '會員週年慶贈點',
        staffId: owner?.id ?? null,
        createdAt: at(-20),
      },
      {
        memberId: ming!.id,
        delta: -100,
        balanceAfter: 500,
        source: BonusSource.Exchange,
        reason: `訂單折抵 ${paidOrder.orderNumber}`,
        orderId: paidOrder.id,
        createdAt: created.paid,
      },
    ]);

    await tx.insert(s.contactMessages).values([
      {
        name: '張雅婷',
        phone: '0955123456',
        email: 'yating@example.com',
        content: '請問東方美人茶有小包裝可以試喝嗎？',
        createdAt: at(-3),
      },
      {
        name: '李建宏',
        phone: '0966789012',
        email: 'jianhong@example.com',
        content: '想詢問企業中秋禮盒50盒的報價，謝謝。',
        createdAt: at(-1),
        readAt: at(0, -5),
      },
    ]);

    await seedOrderHistory(tx, owner?.id ?? null);

    return { products: inserted.length, members: 3, orders: orderRows.length + 2 };
  });

  const imagesDrawn = await images;
  return { ...counts, imagesDrawn };
}

async function seedSettings(tx: Tx): Promise<void> {
  await tx.insert(s.systemSettings).values({
    id: 1,
    ...demoSettings,
    indexFavicon: 'demo/site/favicon.png',
    indexPic2: 'demo/site/logo.webp',
    gTag: '',
    shippingFee: 100,
    lowTempShippingFee: 160,
    freeShippingThreshold: 1500,
    returnDays: 7,
    bundlesBanner: 'demo/banners/bundles.webp',
  });
  await tx.insert(s.followUs).values({ id: 1, ...demoFollowUs });
  await tx.insert(s.paymentSettings).values({ id: 1, ...demoPaymentSetting });
  await tx
    .insert(s.termsTexts)
    .values(demoTerms.map((t) => ({ position: t.position, title: t.title, content: t.content })));
  await tx.insert(s.commonQuestions).values(demoQuestions.map((q, i) => ({ ...q, indexId: i + 1 })));
}

function productDescription(p: DemoProduct): string {
  const specs = p.specs.map(([name, , onSale]) => `<li>${name}：NT$${onSale.toLocaleString('en-US')}</li>`).join('');
  return `<p>${p.intro}</p><h3>規格</h3><ul>${specs}</ul><p>產地：台灣。保存期限與使用方式請詳見包裝標示。</p>`;
}

/** yyyy-MM-dd of a moment in Asia/Taipei (UTC+8, no daylight saving). */
function taipeiDate(d: Date): string {
  return new Date(d.getTime() + 8 * HOUR).toISOString().slice(0, 10);
}

/** Every demo picture: key scheme `demo/<kind>/<name>.webp` under the uploads folder. */
export function demoImageJobs(): ImageJob[] {
  const jobs: ImageJob[] = [];
  const add = (key: string, width: number, height: number, svg: string) => jobs.push({ key, width, height, svg });
  const two = (n: number) => String(n).padStart(2, '0');
  let n = 0;
  demoTypeTree.forEach((group, g) => {
    const count = group.children.reduce((sum, c) => sum + c.products.length, 0) + (group.products?.length ?? 0);
    for (let i = 0; i < count; i++) {
      n += 1;
      add(demoProductPic(n), 800, 800, productArt(n * 137.5, group.shape));
    }
    add(`demo/products/detail-${g + 1}.webp`, 800, 800, productArt(g * 72 + 20, group.shape));
  });
  demoPackages.forEach((_, i) =>
    add(`demo/packages/k${two(i + 1)}.webp`, 800, 800, productArt(i * 60 + 15, i % 2 === 0 ? 'gift' : 'box')),
  );
  demoBundles.forEach((_, i) => add(`demo/bundles/b${two(i + 1)}.webp`, 1600, 600, bannerArt(i * 110 + 330)));
  [1, 2, 3].forEach((i) => add(`demo/carousels/c${two(i)}.webp`, 1600, 600, bannerArt(i * 95 + 20)));
  ['about', 'news', 'products', 'recommend', 'contact', 'service', 'bundles'].forEach((name, i) =>
    add(`demo/banners/${name}.webp`, 1600, 600, bannerArt(i * 51 + 160)),
  );
  add('demo/ads/ad01.webp', 1600, 600, bannerArt(28));
  add('demo/ads/s01.webp', 400, 400, bannerArt(140, 400, 400));
  add('demo/ads/s02.webp', 400, 400, bannerArt(120, 400, 400));
  demoNews.forEach((_, i) => add(`demo/news/n${two(i + 1)}.webp`, 1200, 630, coverArt(i * 45 + 10)));
  demoArticles.forEach((_, i) => add(`demo/articles/a${two(i + 1)}.webp`, 1200, 630, coverArt(i * 36 + 200)));
  demoAboutPages.forEach((_, i) => add(`demo/about/about-${two(i + 1)}.webp`, 1200, 630, coverArt(i * 90 + 35)));
  demoCourses.forEach((_, i) => add(`demo/courses/co${two(i + 1)}.webp`, 1200, 630, coverArt(i * 70 + 300)));
  [1, 2, 3].forEach((i) => add(`demo/members/avatar-${two(i)}.webp`, 200, 200, avatarArt(i * 120 + 200)));
  [30, 210, 45].forEach((hue, i) => add(`demo/levels/level-${two(i + 1)}.webp`, 200, 200, badgeArt(hue)));
  add('demo/site/logo.webp', 200, 200, logoArt(200, 150));
  add('demo/site/favicon.png', 64, 64, logoArt(64, 150));
  return jobs;
}
