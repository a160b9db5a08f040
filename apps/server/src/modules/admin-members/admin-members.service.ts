// Back-office members (issue 7 item 6): search, one member with orders, level, bonus adjustments with
// a reason (ledger + audit), influencer flag and code, recommended products.
import {
  BonusSource,
  handlingMsg,
  msg,
  type AdminMemberFilter,
  type AdminMemberUpdateInput,
  type BonusAdjustmentInput,
} from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import { Conflict, Invalid, NotFound } from '../../errors.ts';
import { recordAudit, updateVersioned } from '../admin/index.ts';
import { ordersOfMember } from '../admin-orders/index.ts';
import { memberBonusJson } from '../members/index.ts';
import * as repo from './admin-members.repository.ts';
import { adjustBonusInTx } from '../orders/index.ts';

export interface Actor {
  id: number;
}

const MEMBER_NOT_FOUND = '找不到此會員';

export async function listMembers(db: Db, filter: AdminMemberFilter) {
  const [rows, total] = await Promise.all([repo.findMembers(db, filter), repo.countMembers(db, filter)]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      account: r.account,
      name: r.name,
      cell_phone: r.cellPhone,
      level_name: r.levelName ?? '',
      bonus: Number(r.bonus),
      is_internet_celebrity: r.isInternetCelebrity,
      internet_celebrity_code: r.internetCelebrityCode,
      status: r.status,
      created_at: r.createdAt.toISOString(),
    })),
    total,
  };
}

export async function getMember(db: Db, id: number) {
  const member = await repo.findMember(db, id);
  if (!member) throw new NotFound(MEMBER_NOT_FOUND);
  const [bonus, levels, ledger, relations, orders] = await Promise.all([
    repo.findBonus(db, id),
    repo.findLevels(db),
    repo.findLedger(db, id),
    repo.findRelations(db, id),
    ordersOfMember(db, id),
  ]);
  return {
    id: member.id,
    account: member.account,
    name: member.name,
    cell_phone: member.cellPhone,
    email: member.email,
    gender: member.gender,
    city: member.city,
    area: member.area,
    address: member.address,
    member_level_id: member.memberLevelId,
    status: member.status,
    is_internet_celebrity: member.isInternetCelebrity,
    internet_celebrity_code: member.internetCelebrityCode,
    celebrity_discount_type: member.celebrityDiscountType,
    celebrity_discount_value: member.celebrityDiscountValue,
    created_at: member.createdAt.toISOString(),
    version: member.version,
    member_bonus: memberBonusJson(bonus),
    levels: levels.map((l) => ({ id: l.id, name: l.name, threshold: l.threshold })),
    bonus_ledger: ledger.map((e) => ({
      id: e.id,
      delta: e.delta,
      balance_after: e.balanceAfter,
      source: e.source,
      reason: e.reason,
      order_id: e.orderId,
      staff_name: e.staffName ?? '',
      created_at: e.createdAt.toISOString(),
    })),
    product_relations: relations.map((r) => ({
      id: r.id,
      product_id: r.productId,
      product_name: r.productName,
      product_status: r.productStatus,
      status: r.status,
      index_id: r.indexId,
    })),
    orders,
  };
}

/** Level, status and influencer settings; the version guards against a colleague's concurrent edit. */
export async function updateMember(db: Db, actor: Actor, id: number, input: AdminMemberUpdateInput, now: Date) {
  const code = input.internet_celebrity_code ?? null;
  if (input.member_level_id !== null && !(await repo.levelExists(db, input.member_level_id))) {
    throw new Invalid(msg.badRequest, [{ field: 'member_level_id', msg: '找不到此會員等級' }]);
  }
  await db.transaction(async (tx) => {
    if (code && (await repo.isCodeTaken(tx, code, id))) {
      throw new Conflict(handlingMsg.codeTaken, [{ field: 'internet_celebrity_code', msg: handlingMsg.codeTaken }]);
    }
    const { before, after } = await updateVersioned(
      tx,
      members,
      id,
      input.version,
      {
        memberLevelId: input.member_level_id,
        status: input.status,
        isInternetCelebrity: input.is_internet_celebrity,
        internetCelebrityCode: code,
        celebrityDiscountType: input.celebrity_discount_type,
        celebrityDiscountValue: input.celebrity_discount_value,
        updatedAt: now,
      },
      MEMBER_NOT_FOUND,
    );
    await recordAudit(tx, { staffId: actor.id, action: 'update', entity: 'members', entityId: id, before, after });
  });
  return getMember(db, id);
}

/** A manual bonus adjustment by staff: balance, ledger row and audit row in one transaction. */
export async function adjustBonus(db: Db, actor: Actor, id: number, input: BonusAdjustmentInput) {
  if (!(await repo.findMember(db, id))) throw new NotFound(MEMBER_NOT_FOUND);
  const balance = await db.transaction(async (tx) => {
    const result = await adjustBonusInTx(tx, {
      memberId: id,
      delta: input.delta,
      source: BonusSource.Admin,
      reason: input.reason,
      staffId: actor.id,
    });
    await recordAudit(tx, {
      staffId: actor.id,
      action: 'adjust-bonus',
      entity: 'members',
      entityId: id,
      before: { bonus: result.before },
      after: { bonus: result.after, delta: input.delta, reason: input.reason },
    });
    return result.after;
  });
  return { bonus: balance };
}

// ---- recommended products --------------------------------------------------------------------

export async function searchProductOptions(db: Db, keyword: string) {
  return repo.searchProducts(db, keyword);
}

export interface RelationDeps {
  /** The influencer page's cached answers change with the relations. */
  onRelationsChanged?: () => void;
}

export async function addRelation(db: Db, actor: Actor, memberId: number, productId: number, deps: RelationDeps = {}) {
  if (!(await repo.findMember(db, memberId))) throw new NotFound(MEMBER_NOT_FOUND);
  if (!(await repo.productExists(db, productId))) {
    throw new Invalid(msg.badRequest, [{ field: 'product_id', msg: '找不到此商品' }]);
  }
  const row = await db.transaction(async (tx) => {
    const created = await repo.insertRelation(tx, memberId, productId);
    if (!created) {
      throw new Conflict('此商品已在推薦清單中', [{ field: 'product_id', msg: '此商品已在推薦清單中' }]);
    }
    await recordAudit(tx, {
      staffId: actor.id,
      action: 'create',
      entity: 'member_product_relations',
      entityId: created.id,
      after: created,
    });
    return created;
  });
  deps.onRelationsChanged?.();
  return { id: row.id, product_id: row.productId, status: row.status, index_id: row.indexId };
}

export async function updateRelation(
  db: Db,
  actor: Actor,
  id: number,
  input: { status: number; index_id: number },
  deps: RelationDeps = {},
) {
  const before = await repo.findRelation(db, id);
  if (!before) throw new NotFound('找不到此推薦商品');
  const after = await db.transaction(async (tx) => {
    const row = await repo.updateRelation(tx, id, { status: input.status, indexId: input.index_id });
    if (!row) throw new NotFound('找不到此推薦商品');
    await recordAudit(tx, {
      staffId: actor.id,
      action: 'update',
      entity: 'member_product_relations',
      entityId: id,
      before,
      after: row,
    });
    return row;
  });
  deps.onRelationsChanged?.();
  return { id: after.id, product_id: after.productId, status: after.status, index_id: after.indexId };
}

export async function removeRelation(db: Db, actor: Actor, id: number, deps: RelationDeps = {}) {
  await db.transaction(async (tx) => {
    const row = await repo.deleteRelation(tx, id);
    if (!row) throw new NotFound('找不到此推薦商品');
    await recordAudit(tx, {
      staffId: actor.id,
      action: 'delete',
      entity: 'member_product_relations',
      entityId: id,
      before: row,
    });
  });
  deps.onRelationsChanged?.();
}
