// The demo members: three levels, and 王小明 (points to spend), 林美玲 (the influencer DEMOKOL, with
// her picks) and 陳大文, linked as a downline; then the bonus history behind 王小明's 500 points.
import { sql } from 'drizzle-orm';
import { BonusSource, DiscountKind, Gender } from '@shop/domain';
import * as s from '../schema/index.ts';
import type { DemoClock, Tx } from './demo-clock.ts';
import { demoInfluencerPicks } from './demo-catalogue.ts';
import { demoLevels } from './demo-content.ts';

/** The three members' ids. */
export interface SeededMembers {
  ming: { id: number };
  mei: { id: number };
  da: { id: number };
}

/** Every member's password hash; each has its own salt. */
export interface MemberHashes {
  ming: string;
  mei: string;
  da: string;
}

export async function seedMembers(
  tx: Tx,
  clock: DemoClock,
  hashes: MemberHashes,
  pid: (name: string) => number,
): Promise<SeededMembers> {
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
  const [ming, mei, da] = await insertMembers(tx, clock, hashes, levelRows);
  // Downline: 林美玲 → 王小明 → 陳大文.
  await tx.execute(sql`UPDATE members SET referrer_id = ${mei!.id} WHERE id = ${ming!.id}`);
  await tx.execute(sql`UPDATE members SET referrer_id = ${ming!.id} WHERE id = ${da!.id}`);
  await tx
    .insert(s.memberBonus)
    .values([{ memberId: ming!.id, bonus: 500 }, { memberId: mei!.id, bonus: 0 }, { memberId: da!.id }]);
  await tx
    .insert(s.memberProductRelations)
    .values(demoInfluencerPicks.map((n, i) => ({ memberId: mei!.id, productId: pid(n), indexId: i + 1 })));
  return { ming: ming!, mei: mei!, da: da! };
}

function insertMembers(tx: Tx, { at }: DemoClock, hashes: MemberHashes, levelRows: { id: number }[]) {
  return tx
    .insert(s.members)
    .values([
      {
        account: '0911111111',
        passwordHash: hashes.ming,
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
        passwordHash: hashes.mei,
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
        passwordHash: hashes.da,
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
}

/** 600 points given by the shop, 100 spent on the paid order: the 500 王小明 has. */
export async function seedBonusHistory(
  tx: Tx,
  { at }: DemoClock,
  { ming }: SeededMembers,
  paidOrder: { id: number; orderNumber: string; createdAt: Date },
  staffId: number | null,
): Promise<void> {
  await tx.insert(s.bonusLedger).values([
    {
      memberId: ming.id,
      delta: 600,
      balanceAfter: 600,
      source: BonusSource.Admin,
      reason: '會員週年慶贈點',
      staffId,
      createdAt: at(-20),
    },
    {
      memberId: ming.id,
      delta: -100,
      balanceAfter: 500,
      source: BonusSource.Exchange,
      reason: `訂單折抵 ${paidOrder.orderNumber}`,
      orderId: paidOrder.id,
      createdAt: paidOrder.createdAt,
    },
  ]);
}
