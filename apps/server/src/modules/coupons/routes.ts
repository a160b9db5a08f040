import type { FastifyPluginAsync } from 'fastify';
import { adminCouponSchema, adminListQuery, couponCreateSchema, couponUpdateSchema } from '@shop/domain';
import { registerRecordRoutes } from '../admin/index.ts';
import type { ModuleOptions } from '../module-options.ts';
import { couponService } from './coupon-admin.service.ts';

/** The owner's coupons (issue 21 item 3): owner only, as the shop's settings (docs/decisions/010, 061). */
export const adminCouponRoutes: FastifyPluginAsync<ModuleOptions> = async (base, { db, now }) => {
  registerRecordRoutes(base, {
    db,
    now,
    path: '/admin/coupons',
    access: 'owner',
    tags: ['admin-coupons'],
    record: adminCouponSchema,
    listQuery: adminListQuery,
    createSchema: couponCreateSchema,
    updateSchema: couponUpdateSchema,
    service: couponService,
    // Coupons are not in any public answer: nothing kept to clear.
    onChange: () => undefined,
  });
};
