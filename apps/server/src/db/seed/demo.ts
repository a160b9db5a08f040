// seedDemo: a believable Taiwan shop (issue 3 item 3) loaded into an EMPTY database, with every
// date relative to `now` so the activity windows and after-sales rules show the same way each run.
// Each area has its file (seed-settings, seed-catalogue, seed-content, seed-home, seed-members,
// seed-orders, order-history); this one runs them in order in one transaction.
import { hash } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from '../../modules/members/password.ts';
import { rebuildSalesSummary } from '../../modules/orders/index.ts';
import type { UploadStorage } from '../../modules/uploads/index.ts';
import type { Db } from '../client.ts';
import * as s from '../schema/index.ts';
import { demoBundles, demoPackages, demoProductPic, demoTypeTree } from './demo-catalogue.ts';
import { demoClock, type Tx } from './demo-clock.ts';
import { demoAboutPages, demoArticles, demoCourses, demoNews } from './demo-content.ts';
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
import { seedCatalogue } from './seed-catalogue.ts';
import { seedContactMessages, seedContent, seedCourses } from './seed-content.ts';
import { seedHome } from './seed-home.ts';
import { seedBonusHistory, seedMembers, type MemberHashes } from './seed-members.ts';
import { seedOrders } from './seed-orders.ts';
import { seedSettings } from './seed-settings.ts';

export interface SeedDemoOptions {
  /** Where the pictures go (`demo/...` names in the shop's upload storage). */
  uploads: UploadStorage;
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

/** True when nothing was seeded yet: there is no system_settings row. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: s.systemSettings.id }).from(s.systemSettings).limit(1);
  return rows.length === 0;
}

export async function seedDemo(db: Db, options: SeedDemoOptions): Promise<SeedDemoResult> {
  const clock = demoClock(options.now);
  // Pictures and password hashes are slow and independent of the rows: start them first.
  const images = renderImages(options.uploads, demoImageJobs());
  const { members: memberHashes, staff: staffHash } = await hashPasswords();

  const counts = await db.transaction(async (tx) => {
    await seedSettings(tx);
    const catalogue = await seedCatalogue(tx, clock);
    await seedCourses(tx, clock);
    const content = await seedContent(tx, clock);
    await seedHome(tx, catalogue, content);
    const members = await seedMembers(tx, clock, memberHashes, catalogue.pid);
    const orders = await seedOrders(tx, clock, catalogue, members);
    const ownerId = options.withDemoStaff === false ? null : await seedOwner(tx, staffHash);
    await seedBonusHistory(tx, clock, members, orders.paidWithBonus, ownerId);
    await seedContactMessages(tx, clock);
    await seedOrderHistory(tx, ownerId);
    // The seeded orders never moved through the lifecycle: the report's daily sums are computed from them.
    await rebuildSalesSummary(tx);
    return { products: catalogue.products, members: 3, orders: orders.count };
  });

  const imagesDrawn = await images;
  return { ...counts, imagesDrawn };
}

async function hashPasswords(): Promise<{ members: MemberHashes; staff: string }> {
  const [memberHash, staffHash] = await Promise.all([
    hash(DEMO_MEMBER_PASSWORD, ARGON2_OPTIONS),
    hash(DEMO_STAFF.password, ARGON2_OPTIONS),
  ]);
  // Each member gets its own salt; hashing in parallel keeps it quick.
  const [hashA, hashB] = await Promise.all([
    hash(DEMO_MEMBER_PASSWORD, ARGON2_OPTIONS),
    hash(DEMO_MEMBER_PASSWORD, ARGON2_OPTIONS),
  ]);
  return { members: { ming: memberHash, mei: hashA, da: hashB }, staff: staffHash };
}

/** The demo owner, whose id the bonus history and the order history name. */
async function seedOwner(tx: Tx, passwordHash: string): Promise<number> {
  const [owner] = await tx
    .insert(s.staff)
    .values({ account: DEMO_STAFF.account, passwordHash, name: '店長', role: 'owner' })
    .returning({ id: s.staff.id });
  return owner!.id;
}

/** Every demo picture: upload names `demo/<kind>/<name>.webp`. */
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
