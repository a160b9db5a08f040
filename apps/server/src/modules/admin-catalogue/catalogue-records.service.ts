// Back-office catalogue records that are one row each (issue 7 item 2): the two-level product types,
// package types, packages, courses and course types (spec §7 create/update/delete), tags.
import { eq, type SQL } from 'drizzle-orm';
import {
  parsePics,
  parseIdList,
  parseTextList,
  type AdminListQuery,
  type CourseCreateInput,
  type CourseTypeInput,
  type PackageCreateInput,
  type PackageTypeInput,
  type ProductTypeInput,
  type TagInput,
} from '@shop/domain';
import type { Db, Tx } from '../../db/client.ts';
import {
  courseTypes,
  courses,
  packageTypes,
  productPackages,
  productTypes,
  products,
  tags,
} from '../../db/schema/index.ts';
import { Conflict, Invalid } from '../../errors.ts';
import { sanitizeRichText } from '../../http/rich-text.ts';
import { snakeRow, type EditableTable, type RecordService, simpleRecordService } from '../admin/index.ts';
import { openOrdersWith } from '../admin-orders/index.ts';
import { inOpenOrders } from './product-admin.service.ts';
import * as repo from './product-admin.repository.ts';

type WithVersion<T> = T & { version: number };

function fieldError(field: string, message: string): never {
  throw new Invalid(undefined, [{ field, msg: message }]);
}

// ---- product types --------------------------------------------------------------------------

export interface ProductTypeListQuery extends AdminListQuery {
  /** 0 = level-1 types only; N = the children of type N. */
  parent_id?: number;
}

const productTypeTable: EditableTable<typeof productTypes> = {
  table: productTypes,
  entity: 'product_types',
  notFound: '找不到此分類',
  search: [productTypes.name],
  name: productTypes.name,
  status: productTypes.status,
  indexId: productTypes.indexId,
};

/** spec §2: two levels. A parent must be a level-1 type, and a type with children stays level 1. */
async function checkProductTypeParent(tx: Tx, input: ProductTypeInput, id: number | null) {
  if (input.parent_id === null) return;
  if (input.parent_id === id) fieldError('parent_id', '不可選擇自己作為上層分類');
  const [parent] = await repo.findProductTypes(tx, [input.parent_id]);
  if (!parent) fieldError('parent_id', '找不到上層分類');
  if (parent.parentId !== null) fieldError('parent_id', '分類最多兩層，上層分類須為第一層');
  if (id !== null && (await repo.countChildTypes(tx, id)) > 0) {
    fieldError('parent_id', '此分類下還有子分類，不能改為第二層');
  }
}

export const productTypeService: RecordService<
  ProductTypeListQuery,
  ProductTypeInput,
  WithVersion<ProductTypeInput>
> = simpleRecordService(productTypeTable, {
  toJson: (row) => snakeRow(row),
  values: (input) => ({
    name: input.name,
    parentId: input.parent_id,
    level: input.parent_id === null ? 1 : 2,
    status: input.status,
    indexId: input.index_id,
  }),
  filters: (q): (SQL | undefined)[] =>
    q.parent_id === undefined
      ? []
      : [q.parent_id === 0 ? eq(productTypes.level, 1) : eq(productTypes.parentId, q.parent_id)],
  check: checkProductTypeParent,
  async guardDelete(tx, row) {
    if ((await repo.countChildTypes(tx, row.id)) > 0) {
      throw new Conflict('此分類下還有子分類，請先刪除或移走子分類');
    }
    const n = await repo.countProductsOfType(tx, row.id);
    if (n > 0) throw new Conflict(`此分類下還有 ${n} 項商品，請先把商品改到其他分類，或將分類下架`);
  },
});

// ---- package types --------------------------------------------------------------------------

const packageTypeTable: EditableTable<typeof packageTypes> = {
  table: packageTypes,
  entity: 'package_types',
  notFound: '找不到此組合分類',
  search: [packageTypes.name],
  name: packageTypes.name,
  status: packageTypes.status,
  indexId: packageTypes.indexId,
};

export const packageTypeService: RecordService<
  AdminListQuery,
  PackageTypeInput,
  WithVersion<PackageTypeInput>
> = simpleRecordService(packageTypeTable, {
  toJson: (row) => snakeRow(row),
  values: (input) => ({ name: input.name, status: input.status, indexId: input.index_id }),
  // The menu links /products?t={name}&pkg=1: two types with one name would be one link.
  async check(tx, input, id) {
    const same = await repo.findPackageTypeByName(tx, input.name);
    if (same && same.id !== id) fieldError('name', '此名稱已被使用');
  },
  async guardDelete(tx, row) {
    const n = await repo.countPackagesOfType(tx, row.id);
    if (n > 0) throw new Conflict(`此分類下還有 ${n} 個組合商品，請先移走組合商品，或將分類下架`);
  },
});

// ---- packages -------------------------------------------------------------------------------

export interface PackageListQuery extends AdminListQuery {
  package_type_id?: number;
}

const packageTable: EditableTable<typeof productPackages> = {
  table: productPackages,
  entity: 'product_packages',
  notFound: '找不到此組合商品',
  search: [productPackages.name, productPackages.description1],
  name: productPackages.name,
  status: productPackages.status,
  indexId: productPackages.indexId,
};

function packageJson(row: typeof productPackages.$inferSelect) {
  return {
    ...snakeRow(row),
    pics: parsePics(row.pics, row.banner),
    description_titles: parseTextList(row.descriptionTitles),
  };
}

const basePackageService = simpleRecordService<
  typeof productPackages,
  PackageListQuery,
  PackageCreateInput,
  WithVersion<PackageCreateInput>
>(packageTable, {
  toJson: packageJson,
  values: (input, now) => ({
    packageTypeId: input.package_type_id,
    name: input.name,
    description1: input.description1,
    description2: sanitizeRichText(input.description2),
    banner: input.banner || input.pics[0]!,
    pics: JSON.stringify(input.pics),
    price: input.price,
    onSalePrice: input.on_sale_price,
    stock: input.stock,
    status: input.status,
    indexId: input.index_id,
    descriptionTitles: JSON.stringify(input.description_titles),
    updatedAt: now,
  }),
  filters: (q) => [q.package_type_id === undefined ? undefined : eq(productPackages.packageTypeId, q.package_type_id)],
  async check(tx, input) {
    if (!(await repo.existingIds(tx, packageTypes, [input.package_type_id])).size) {
      fieldError('package_type_id', '找不到所選的組合分類');
    }
  },
  async guardDelete(tx, row) {
    const open = await openOrdersWith(tx, { packageId: row.id });
    if (open.length) throw new Conflict(inOpenOrders(`組合商品「${row.name}」`, open));
  },
});

/** Packages answer their type's name too (spec §3 product_package_types_name). */
async function withTypeName<T extends { package_type_id?: unknown }>(db: Db, items: T[]) {
  const names = await repo.packageTypeNames(
    db,
    items.map((i) => Number(i.package_type_id)),
  );
  return items.map((i) => ({ ...i, product_package_types_name: names.get(Number(i.package_type_id)) ?? '' }));
}

export const packageService: RecordService<PackageListQuery, PackageCreateInput, WithVersion<PackageCreateInput>> = {
  ...basePackageService,
  async list(db, q) {
    const page = await basePackageService.list(db, q);
    return { items: await withTypeName(db, page.items as { package_type_id: number }[]), total: page.total };
  },
  async get(db, id) {
    const [one] = await withTypeName(db, [(await basePackageService.get(db, id)) as { package_type_id: number }]);
    return one;
  },
};

// ---- course types and courses -------------------------------------------------------------------

const courseTypeTable: EditableTable<typeof courseTypes> = {
  table: courseTypes,
  entity: 'course_types',
  notFound: '找不到此課程分類',
  search: [courseTypes.name],
  name: courseTypes.name,
  status: courseTypes.status,
  indexId: courseTypes.indexId,
};

export const courseTypeService: RecordService<
  AdminListQuery,
  CourseTypeInput,
  WithVersion<CourseTypeInput>
> = simpleRecordService(courseTypeTable, {
  toJson: (row) => snakeRow(row),
  values: (input) => ({
    name: input.name,
    parentId: input.parent_id,
    pic: input.pic,
    status: input.status,
    indexId: input.index_id,
  }),
  async check(tx, input, id) {
    if (input.parent_id === null) return;
    if (input.parent_id === id) fieldError('parent_id', '不可選擇自己作為上層分類');
    const [parent] = await repo.findCourseTypes(tx, [input.parent_id]);
    if (!parent) fieldError('parent_id', '找不到上層分類');
    if (parent.parentId !== null) fieldError('parent_id', '分類最多兩層，上層分類須為第一層');
    if (id !== null && (await repo.countChildCourseTypes(tx, id)) > 0) {
      fieldError('parent_id', '此分類下還有子分類，不能改為第二層');
    }
  },
  async guardDelete(tx, row) {
    if ((await repo.countChildCourseTypes(tx, row.id)) > 0) {
      throw new Conflict('此分類下還有子分類，請先刪除或移走子分類');
    }
    const n = await repo.countCoursesOfType(tx, row.id);
    if (n > 0) throw new Conflict(`此分類下還有 ${n} 堂課程，請先移走課程，或將分類下架`);
  },
});

export interface CourseListQuery extends AdminListQuery {
  course_type_id?: number;
}

const courseTable: EditableTable<typeof courses> = {
  table: courses,
  entity: 'courses',
  notFound: '找不到此課程',
  search: [courses.name, courses.location],
  name: courses.name,
  status: courses.status,
  indexId: courses.indexId,
};

export const courseService: RecordService<
  CourseListQuery,
  CourseCreateInput,
  WithVersion<CourseCreateInput>
> = simpleRecordService(courseTable, {
  toJson: (row) => snakeRow(row),
  values: (input) => ({
    courseTypeId: input.course_type_id,
    name: input.name,
    description: sanitizeRichText(input.description),
    pic: input.pic,
    price: input.price,
    onSalePrice: input.on_sale_price,
    startDate: input.start_date,
    location: input.location,
    status: input.status,
    indexId: input.index_id,
  }),
  filters: (q) => [q.course_type_id === undefined ? undefined : eq(courses.courseTypeId, q.course_type_id)],
  async check(tx, input) {
    if (!(await repo.existingIds(tx, courseTypes, [input.course_type_id])).size) {
      fieldError('course_type_id', '找不到所選的課程分類');
    }
  },
});

// ---- tags -------------------------------------------------------------------------------------

const tagTable: EditableTable<typeof tags> = {
  table: tags,
  entity: 'tags',
  notFound: '找不到此標籤',
  search: [tags.name],
  name: tags.name,
  status: tags.status,
  indexId: tags.indexId,
};

/** Every id must name a product that exists (a typo would silently list nothing). */
export async function checkProductIds(tx: Tx, ids: number[], field: string) {
  const found = await repo.existingIds(tx, products, ids);
  const i = ids.findIndex((id) => !found.has(id));
  if (i >= 0) fieldError(`${field}.${i}`, `找不到商品編號 ${ids[i]}`);
}

export const tagService: RecordService<AdminListQuery, TagInput, WithVersion<TagInput>> = simpleRecordService(
  tagTable,
  {
    // spec §3 Tag ids: a JSON list of {id}.
    toJson: (row) => ({ ...snakeRow(row), ids: parseIdList(row.ids) }),
    values: (input) => ({
      name: input.name,
      ids: JSON.stringify(input.ids.map((id) => ({ id }))),
      status: input.status,
      indexId: input.index_id,
    }),
    check: (tx, input) => checkProductIds(tx, input.ids, 'ids'),
  },
);
