// Members, levels, bonus balances, influencer recommendations (spec §3 Member); the ledger is in bonus-ledger.ts.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  smallint,
  text,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { Gender } from '@shop/domain';
import { createdAt, id, indexId, status, updatedAt } from './columns.ts';
import { belongsToProduct } from './catalogue.ts';

/** Member levels (一般會員, 銀卡會員...); the side menu styles by style_class. */
export const memberLevels = pgTable(
  'member_levels',
  {
    /** Key. */
    id: id(),
    /** Level name. */
    name: text('name').notNull(),
    /** Badge image upload key. */
    pic: text('pic').notNull().default(''),
    /** CSS class the web applies for this level. */
    styleClass: text('style_class').notNull().default(''),
    /** Accumulated spend in NT$ from which a member reaches this level. */
    threshold: integer('threshold').notNull().default(0),
    /** Sort key (lowest level first). */
    indexId: indexId(),
    /** Percent of an order's goods earned back as bonus points (issue 21 item 1; 0–20). */
    bonusRate: smallint('bonus_rate').notNull().default(0),
    /** Percent off this level's orders, after influencer and bundle discounts (docs/decisions/061; 0–50). */
    discountPercent: smallint('discount_percent').notNull().default(0),
  },
  (t) => [
    check('member_levels_threshold_non_negative', sql`${t.threshold} >= 0`),
    check('member_levels_bonus_rate_range', sql`${t.bonusRate} BETWEEN 0 AND 20`),
    check('member_levels_discount_percent_range', sql`${t.discountPercent} BETWEEN 0 AND 50`),
  ],
);

/** Shop members; account = Taiwan mobile number (09 + 8 digits). */
export const members = pgTable(
  'members',
  {
    /** Key. */
    id: id(),
    /** Login account: the mobile number, unique. */
    account: varchar('account', { length: 20 }).notNull(),
    /** argon2id hash of the password. */
    passwordHash: text('password_hash').notNull(),
    /** Display name. */
    name: text('name').notNull().default(''),
    /** Contact mobile (usually the account). */
    cellPhone: varchar('cell_phone', { length: 20 }).notNull().default(''),
    /** Gender: 1 MALE, 2 FEMALE. */
    gender: smallint('gender').notNull().default(Gender.MALE),
    /** 縣市. */
    city: text('city').notNull().default(''),
    /** 鄉鎮市區. */
    area: text('area').notNull().default(''),
    /** Street address. */
    address: text('address').notNull().default(''),
    /** Avatar upload key; empty = default avatar. */
    avatar: text('avatar').notNull().default(''),
    /** E-mail; optional. */
    email: text('email'),
    /** Current level; NULL = none yet. */
    memberLevelId: integer('member_level_id').references(() => memberLevels.id, { onDelete: 'set null' }),
    /** Influencer flag: has a public /coop/{code} page. */
    isInternetCelebrity: boolean('is_internet_celebrity').notNull().default(false),
    /** Influencer code, unique; NULL for ordinary members. */
    internetCelebrityCode: varchar('internet_celebrity_code', { length: 32 }),
    /** DiscountKind for buyers using the code: 1 Discount (NT$ off), 2 PercentOn; NULL = none. */
    celebrityDiscountType: smallint('celebrity_discount_type'),
    /** Discount value: NT$ for Discount, percent (e.g. 90) for PercentOn. */
    celebrityDiscountValue: integer('celebrity_discount_value'),
    /** Who referred this member; the 2-level downline follows it. */
    referrerId: integer('referrer_id'),
    /** Whether the member takes cart reminders (member centre; the shop's switch comes first). */
    cartReminders: boolean('cart_reminders').notNull().default(true),
    /** Active / inactive (inactive cannot log in). */
    status: status(),
    /** When signed up. */
    createdAt: createdAt(),
    /** When last edited. */
    updatedAt: updatedAt(),
    /** Optimistic-lock counter, incremented on every update. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    unique('uq_members_account').on(t.account),
    unique('uq_members_internet_celebrity_code').on(t.internetCelebrityCode),
    foreignKey({ name: 'fk_members_referrer_id', columns: [t.referrerId], foreignColumns: [t.id] }).onDelete(
      'set null',
    ),
    index('idx_members_referrer_id')
      .on(t.referrerId)
      .where(sql`${t.referrerId} IS NOT NULL`),
    index('idx_members_cell_phone').on(t.cellPhone),
    // The sales report counts the members who joined in a range (issue 42).
    index('idx_members_created_at').on(t.createdAt),
    check('members_gender_known', sql`${t.gender} IN (1, 2)`),
    check(
      'members_celebrity_discount_type_known',
      sql`${t.celebrityDiscountType} IS NULL OR ${t.celebrityDiscountType} IN (1, 2)`,
    ),
    check(
      'members_celebrity_discount_value_non_negative',
      sql`${t.celebrityDiscountValue} IS NULL OR ${t.celebrityDiscountValue} >= 0`,
    ),
    check('members_not_own_referrer', sql`${t.referrerId} IS NULL OR ${t.referrerId} <> ${t.id}`),
  ],
);

/** The member a row belongs to; the row goes when the member does. */
export const belongsToMember = () =>
  integer('member_id')
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' });

/** A member's balances (spec §3 member_bonus); one row per member, never negative. */
export const memberBonus = pgTable(
  'member_bonus',
  {
    /** The member (also the key). */
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** Usable bonus points (1 point = NT$1 off). */
    bonus: integer('bonus').notNull().default(0),
    /** Points pending (e.g. until the return window of an order passes). */
    tmpBonus: integer('tmp_bonus').notNull().default(0),
    /** Usable coupon value. */
    coupon: integer('coupon').notNull().default(0),
    /** Coupon value pending. */
    tmpCoupon: integer('tmp_coupon').notNull().default(0),
    /** Shop coin balance (spec field charlotte_coin). */
    charlotteCoin: integer('charlotte_coin').notNull().default(0),
    /** Loyalty points. */
    point: integer('point').notNull().default(0),
    /** When a balance last changed. */
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'member_bonus_non_negative',
      sql`${t.bonus} >= 0 AND ${t.tmpBonus} >= 0 AND ${t.coupon} >= 0 AND ${t.tmpCoupon} >= 0 AND ${t.charlotteCoin} >= 0 AND ${t.point} >= 0`,
    ),
  ],
);

/** An influencer's recommended products (/coop/{code}). */
export const memberProductRelations = pgTable(
  'member_product_relations',
  {
    /** Key. */
    id: id(),
    /** The influencer. */
    memberId: belongsToMember(),
    /** The recommended product. */
    productId: belongsToProduct(),
    /** Active / inactive: only active relations are listed (spec §4). */
    status: status(),
    /** Sort key. */
    indexId: indexId(),
    /** When added. */
    createdAt: createdAt(),
  },
  (t) => [
    unique('uq_member_product_relations_member_id_product_id').on(t.memberId, t.productId),
    index('idx_member_product_relations_product_id').on(t.productId),
  ],
);
