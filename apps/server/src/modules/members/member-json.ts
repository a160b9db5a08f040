// How a member is shown to that member (spec §3 Member). Built field by field from the row, so a
// password hash, a token or anything added to the table later can never leak into an answer.
import { Gender, Status, type MemberProfile } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { Unauthorized } from '../../errors.ts';
import { TOKEN_INVALID } from '../../plugins/access.ts';
import { findMemberWithBalances, type BonusRow, type MemberWithBalances } from './member.repository.ts';

/** How a member is shown to that member: the contract's MemberProfile. */
export type MemberJson = MemberProfile;

/** A member's balances; a member who never earned anything has no row and shows zeros. */
export function memberBonusJson(bonus: BonusRow | null | undefined) {
  return {
    bonus: bonus?.bonus ?? 0,
    tmp_bonus: bonus?.tmpBonus ?? 0,
    coupon: bonus?.coupon ?? 0,
    tmp_coupon: bonus?.tmpCoupon ?? 0,
    charlotte_coin: bonus?.charlotteCoin ?? 0,
    point: bonus?.point ?? 0,
  };
}

export function toMemberJson({ member: m, level, bonus }: MemberWithBalances): MemberJson {
  return {
    id: m.id,
    account: m.account,
    name: m.name,
    cell_phone: m.cellPhone,
    gender: m.gender === Gender.FEMALE ? Gender.FEMALE : Gender.MALE,
    city: m.city,
    area: m.area,
    address: m.address,
    avatar: m.avatar,
    email: m.email,
    cart_reminders: m.cartReminders,
    is_internet_celebrity: m.isInternetCelebrity,
    internet_celebrity_code: m.isInternetCelebrity ? m.internetCelebrityCode : null,
    member_level: level
      ? { name: level.name, pic: level.pic, style_class: level.styleClass, bonus_rate: level.bonusRate }
      : null,
    member_bonus: memberBonusJson(bonus),
    created_at: m.createdAt.toISOString(),
  };
}

/**
 * The member behind a valid token. A member deleted or deactivated since the token was issued
 * answers 401 「token驗證失敗」: the web then tries its refresh token, which fails too, and logs out.
 */
export async function getOwnMember(db: Db, id: number): Promise<MemberJson> {
  const found = await findMemberWithBalances(db, id);
  if (!found || found.member.status !== Status.Active) throw new Unauthorized(TOKEN_INVALID);
  return toMemberJson(found);
}
