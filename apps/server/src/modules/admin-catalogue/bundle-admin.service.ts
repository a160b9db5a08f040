// Back-office promotion bundles (issue 7 item 2; spec §7 POST /product-bundles, PUT/DELETE
// /product-bundles/{id}): title, picture, discount type and rule, activity window, products.
import { describeDiscount, parseJsonSafe, type AdminListQuery, type BundleCreateInput } from '@shop/domain';
import type { Db, Tx } from '../../db/client.ts';
import { productBundles } from '../../db/schema/index.ts';
import {
  deleteRecord,
  findRecord,
  insertRecord,
  listRecords,
  updateRecord,
  type Actor,
  type EditableTable,
  type RecordService,
} from '../admin/index.ts';
import { checkProductIds } from './catalogue-records.service.ts';
import * as repo from './product-admin.repository.ts';

type BundleRow = typeof productBundles.$inferSelect;
type BundleUpdateInput = BundleCreateInput & { version: number };

const bundleTable: EditableTable<typeof productBundles> = {
  table: productBundles,
  entity: 'product_bundles',
  notFound: '找不到此優惠活動',
  search: [productBundles.title],
  name: productBundles.title,
  status: productBundles.status,
  indexId: productBundles.indexId,
};

function toJson(b: BundleRow, productIds: number[]) {
  const rule = parseJsonSafe(b.discountRule, []);
  return {
    id: b.id,
    title: b.title,
    banner: b.banner,
    description: b.description,
    status: b.status,
    discount_type: b.discountType,
    discount_rule: Array.isArray(rule) ? rule : [],
    /** spec §5 discount description, as the storefront shows it. */
    discount_text: describeDiscount({ type: b.discountType, rule: b.discountRule }),
    activity_start_time: b.activityStartTime?.toISOString() ?? null,
    activity_end_time: b.activityEndTime?.toISOString() ?? null,
    index_id: b.indexId,
    product_ids: productIds,
    created_at: b.createdAt.toISOString(),
    version: b.version,
  };
}

async function withProducts(db: Db | Tx, rows: BundleRow[]) {
  const links = await repo.findBundleProductIds(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((b) =>
    toJson(
      b,
      links.filter((l) => l.bundleId === b.id).map((l) => l.productId),
    ),
  );
}

function values(input: BundleCreateInput) {
  return {
    title: input.title,
    banner: input.banner,
    description: input.description,
    status: input.status,
    discountType: input.discount_type,
    discountRule: JSON.stringify(input.discount_rule),
    activityStartTime: input.activity_start_time ? new Date(input.activity_start_time) : null,
    activityEndTime: input.activity_end_time ? new Date(input.activity_end_time) : null,
    indexId: input.index_id,
  };
}

async function getBundle(db: Db | Tx, id: number) {
  const [json] = await withProducts(db, [await findRecord(db, bundleTable, id)]);
  return json!;
}

export const bundleService: RecordService<AdminListQuery, BundleCreateInput, BundleUpdateInput> = {
  async list(db, q) {
    const { rows, total } = await listRecords(db, bundleTable, q);
    return { items: await withProducts(db, rows), total };
  },
  get: getBundle,
  async create(db: Db, actor: Actor, input: BundleCreateInput) {
    const id = await db.transaction(async (tx) => {
      await checkProductIds(tx, input.product_ids, 'product_ids');
      const row = await insertRecord(tx, bundleTable, actor, values(input), { product_ids: input.product_ids });
      await repo.replaceBundleProducts(tx, row.id, input.product_ids);
      return row.id;
    });
    return getBundle(db, id);
  },
  async update(db: Db, actor: Actor, id: number, input: BundleUpdateInput) {
    await db.transaction(async (tx) => {
      await checkProductIds(tx, input.product_ids, 'product_ids');
      const before = await getBundle(tx, id);
      await updateRecord(tx, bundleTable, actor, id, input.version, values(input), {
        before: { product_ids: before.product_ids },
        after: { product_ids: input.product_ids },
      });
      await repo.replaceBundleProducts(tx, id, input.product_ids);
    });
    return getBundle(db, id);
  },
  async setStatus(db: Db, actor: Actor, id: number, input: { status: 0 | 1; version: number }) {
    await db.transaction((tx) =>
      updateRecord(tx, bundleTable, actor, id, input.version, { status: input.status }, { action: 'status' }),
    );
    return getBundle(db, id);
  },
  // Orders keep a snapshot of the bundles they used (bundle_info), so a bundle may always go.
  async remove(db: Db, actor: Actor, id: number, version: number | undefined) {
    await db.transaction(async (tx) => {
      const before = await getBundle(tx, id);
      await deleteRecord(tx, bundleTable, actor, id, version, undefined, { product_ids: before.product_ids });
    });
  },
};
