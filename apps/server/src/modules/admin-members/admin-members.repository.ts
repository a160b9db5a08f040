// SQL of back-office member management: search, one member with level, balances, ledger and
// recommended products, influencer code uniqueness, and bonus changes with their ledger rows.
import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AdminMemberFilter } from '@shop/domain';
import type { Db, Tx } from '../../db/client.ts';
import {
  bonusLedger,
  memberBonus,
  memberLevels,
  memberProductRelations,
  members,
  products,
  staff,
} from '../../db/schema/index.ts';

type Handle = Db | Tx;

function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function filterConditions(f: Omit<AdminMemberFilter, 'page' | 'size'>): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (f.keyword) {
    const pattern = `%${likeEscape(f.keyword)}%`;
    where.push(
      or(
        ilike(members.account, pattern),
        ilike(members.name, pattern),
        ilike(members.cellPhone, pattern),
        ilike(members.internetCelebrityCode, pattern),
      ),
    );
  }
  if (f.level !== undefined) where.push(eq(members.memberLevelId, f.level));
  if (f.celebrity) where.push(eq(members.isInternetCelebrity, f.celebrity === '1'));
  return where.length ? and(...where) : undefined;
}

/** Newest members first. */
export async function findMembers(db: Handle, f: AdminMemberFilter) {
  return db
    .select({
      id: members.id,
      account: members.account,
      name: members.name,
      cellPhone: members.cellPhone,
      levelName: memberLevels.name,
      bonus: sql<number>`coalesce(${memberBonus.bonus}, 0)`,
      isInternetCelebrity: members.isInternetCelebrity,
      internetCelebrityCode: members.internetCelebrityCode,
      status: members.status,
      createdAt: members.createdAt,
    })
    .from(members)
    .leftJoin(memberLevels, eq(memberLevels.id, members.memberLevelId))
    .leftJoin(memberBonus, eq(memberBonus.memberId, members.id))
    .where(filterConditions(f))
    .orderBy(desc(members.createdAt), desc(members.id))
    .limit(f.size)
    .offset((f.page - 1) * f.size);
}

export async function countMembers(db: Handle, f: AdminMemberFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(members)
    .where(filterConditions(f));
  return row?.n ?? 0;
}

export async function findMember(db: Handle, id: number) {
  const [row] = await db.select().from(members).where(eq(members.id, id));
  return row ?? null;
}

export type MemberRow = NonNullable<Awaited<ReturnType<typeof findMember>>>;

export async function findBonus(db: Handle, memberId: number) {
  const [row] = await db.select().from(memberBonus).where(eq(memberBonus.memberId, memberId));
  return row ?? null;
}

export async function findLevels(db: Handle) {
  return db
    .select({ id: memberLevels.id, name: memberLevels.name, threshold: memberLevels.threshold })
    .from(memberLevels)
    .orderBy(asc(memberLevels.indexId), asc(memberLevels.id));
}

export async function levelExists(db: Handle, id: number): Promise<boolean> {
  const [row] = await db.select({ id: memberLevels.id }).from(memberLevels).where(eq(memberLevels.id, id));
  return Boolean(row);
}

/** Latest ledger rows, with the name of the staff member who made manual ones. */
export async function findLedger(db: Handle, memberId: number, limit = 50) {
  return db
    .select({
      id: bonusLedger.id,
      delta: bonusLedger.delta,
      balanceAfter: bonusLedger.balanceAfter,
      source: bonusLedger.source,
      reason: bonusLedger.reason,
      orderId: bonusLedger.orderId,
      staffName: staff.name,
      createdAt: bonusLedger.createdAt,
    })
    .from(bonusLedger)
    .leftJoin(staff, eq(staff.id, bonusLedger.staffId))
    .where(eq(bonusLedger.memberId, memberId))
    .orderBy(desc(bonusLedger.createdAt), desc(bonusLedger.id))
    .limit(limit);
}

/** Influencer codes are compared without case: DEMOKOL and demokol would be confused in a link. */
export async function isCodeTaken(db: Handle, code: string, exceptMemberId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(sql`lower(${members.internetCelebrityCode}) = lower(${code})`, ne(members.id, exceptMemberId)))
    .limit(1);
  return Boolean(row);
}

// ---- recommended products --------------------------------------------------------------------

/** An influencer's recommended products with the product's name and status (read-only join for display). */
export async function findRelations(db: Handle, memberId: number) {
  return db
    .select({
      id: memberProductRelations.id,
      productId: memberProductRelations.productId,
      productName: products.name,
      productStatus: products.status,
      status: memberProductRelations.status,
      indexId: memberProductRelations.indexId,
    })
    .from(memberProductRelations)
    .innerJoin(products, eq(products.id, memberProductRelations.productId))
    .where(eq(memberProductRelations.memberId, memberId))
    .orderBy(asc(memberProductRelations.indexId), asc(memberProductRelations.id));
}

export async function findRelation(db: Handle, id: number) {
  const [row] = await db.select().from(memberProductRelations).where(eq(memberProductRelations.id, id));
  return row ?? null;
}

export async function productExists(db: Handle, id: number): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  return Boolean(row);
}

/** Products whose name contains the keyword, for the "add a recommended product" picker. */
export async function searchProducts(db: Handle, keyword: string, limit = 20) {
  return db
    .select({ id: products.id, name: products.name, status: products.status })
    .from(products)
    .where(keyword ? ilike(products.name, `%${likeEscape(keyword)}%`) : undefined)
    .orderBy(asc(products.indexId), asc(products.id))
    .limit(limit);
}

/** Adds a relation at the end of the list; null when the product is already recommended. */
export async function insertRelation(tx: Tx, memberId: number, productId: number) {
  const [max] = await tx
    .select({ n: sql<number>`coalesce(max(${memberProductRelations.indexId}), 0)::int` })
    .from(memberProductRelations)
    .where(eq(memberProductRelations.memberId, memberId));
  const [row] = await tx
    .insert(memberProductRelations)
    .values({ memberId, productId, indexId: (max?.n ?? 0) + 1 })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function updateRelation(tx: Tx, id: number, change: { status: number; indexId: number }) {
  const [row] = await tx
    .update(memberProductRelations)
    .set(change)
    .where(eq(memberProductRelations.id, id))
    .returning();
  return row ?? null;
}

export async function deleteRelation(tx: Tx, id: number) {
  const [row] = await tx.delete(memberProductRelations).where(eq(memberProductRelations.id, id)).returning();
  return row ?? null;
}
