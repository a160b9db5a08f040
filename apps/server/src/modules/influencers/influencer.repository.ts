import { and, asc, eq } from 'drizzle-orm';
import { Status } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { memberProductRelations, members } from '../../db/schema/index.ts';

// Read-only lookups behind the public /coop/{code} page. The members module owns these tables and
// every write to them; this module only reads an influencer's public profile and recommendations.

/** The public face of an influencer: never the account, phone, e-mail, hash or anything of the session. */
export interface InfluencerRow {
  id: number;
  name: string;
  avatar: string;
  code: string;
  discountType: number | null;
  discountValue: number | null;
}

/** spec §4: an active member flagged is_internet_celebrity with exactly this code; else undefined. */
export async function findInfluencerByCode(db: Db, code: string): Promise<InfluencerRow | undefined> {
  const [row] = await db
    .select({
      id: members.id,
      name: members.name,
      avatar: members.avatar,
      code: members.internetCelebrityCode,
      discountType: members.celebrityDiscountType,
      discountValue: members.celebrityDiscountValue,
    })
    .from(members)
    .where(
      and(
        eq(members.internetCelebrityCode, code),
        eq(members.isInternetCelebrity, true),
        eq(members.status, Status.Active),
      ),
    );
  return row ? { ...row, code: row.code ?? code } : undefined;
}

export interface RelationRow {
  id: number;
  productId: number;
  status: number;
  indexId: number;
}

/** spec §4: the influencer's Active relations, in their sort order. */
export async function findActiveRelations(db: Db, memberId: number): Promise<RelationRow[]> {
  return db
    .select({
      id: memberProductRelations.id,
      productId: memberProductRelations.productId,
      status: memberProductRelations.status,
      indexId: memberProductRelations.indexId,
    })
    .from(memberProductRelations)
    .where(and(eq(memberProductRelations.memberId, memberId), eq(memberProductRelations.status, Status.Active)))
    .orderBy(asc(memberProductRelations.indexId), asc(memberProductRelations.id));
}
