// The owner's coupons in the back office (issue 21 item 3, docs/decisions/061): list, read, create,
// edit, switch on or off, delete an unused one; each audited, edits under the row's version.
import { desc } from 'drizzle-orm';
import {
  couponMsg,
  describeCoupon,
  type AdminListQuery,
  type CouponCreateInput,
  type CouponUpdateInput,
} from '@shop/domain';
import { coupons } from '../../db/schema/index.ts';
import { Conflict, Invalid } from '../../errors.ts';
import { type EditableTable, type RecordService, simpleRecordService } from '../admin/index.ts';
import * as repo from './coupons.repository.ts';

const couponTable: EditableTable<typeof coupons> = {
  table: coupons,
  entity: 'coupons',
  notFound: '找不到此優惠券',
  search: [coupons.code, coupons.name],
  name: coupons.code,
  status: coupons.status,
  // Newest first: the coupon just made is the one the owner looks for.
  defaultOrder: [desc(coupons.id)],
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function couponJson(row: repo.CouponRow) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    kind: row.kind,
    value: row.value,
    min_spend: row.minSpend,
    valid_from: iso(row.validFrom),
    valid_until: iso(row.validUntil),
    usage_limit: row.usageLimit,
    used_count: row.usedCount,
    per_member_once: row.perMemberOnce,
    status: row.status as 0 | 1,
    description: describeCoupon({ kind: row.kind, value: row.value, minSpend: row.minSpend }),
    created_at: row.createdAt.toISOString(),
    version: row.version,
  };
}

export const couponService: RecordService<AdminListQuery, CouponCreateInput, CouponUpdateInput> = simpleRecordService(
  couponTable,
  {
    toJson: couponJson,
    values: (input, now) => ({
      code: input.code,
      name: input.name,
      kind: input.kind,
      value: input.value,
      minSpend: input.min_spend,
      validFrom: input.valid_from ? new Date(input.valid_from) : null,
      validUntil: input.valid_until ? new Date(input.valid_until) : null,
      usageLimit: input.usage_limit,
      perMemberOnce: input.per_member_once,
      status: input.status,
      updatedAt: now,
    }),
    async check(tx, input, id) {
      const other = await repo.findCouponByCode(tx, input.code);
      if (other && other.id !== id) throw new Invalid(undefined, [{ field: 'code', msg: couponMsg.codeTaken }]);
      const used = other && other.id === id ? other.usedCount : 0;
      if (input.usage_limit !== null && input.usage_limit < used) {
        throw new Invalid(undefined, [{ field: 'usage_limit', msg: couponMsg.limitBelowUsed(used) }]);
      }
    },
    async guardDelete(tx, row) {
      if ((await repo.countRedemptions(tx, row.id)) > 0) throw new Conflict(couponMsg.inUse);
    },
  },
);
