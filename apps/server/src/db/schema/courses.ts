// Courses (workshops) and their types (spec §3 Course, course type; §7 Courses calls).
import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, indexId, status, version } from './columns.ts';

/** Course types; parent_id makes an optional second level (courses-by-parent). */
export const courseTypes = pgTable(
  'course_types',
  {
    /** Key. */
    id: id(),
    /** Label. */
    name: text('name').notNull(),
    /** Parent type; NULL = top level. */
    parentId: integer('parent_id'),
    /** Active / inactive. */
    status: status(),
    /** Sort key. */
    indexId: indexId(),
    /** Image upload key; empty = none. */
    pic: text('pic').notNull().default(''),
    /** Optimistic-lock counter (columns.ts `version`). */
    version: version(),
  },
  (t) => [
    foreignKey({ name: 'fk_course_types_parent_id', columns: [t.parentId], foreignColumns: [t.id] }).onDelete(
      'restrict',
    ),
    index('idx_course_types_parent_id').on(t.parentId),
    index('idx_course_types_status_index_id').on(t.status, t.indexId),
  ],
);

/** Courses; listed newest first (spec §9). */
export const courses = pgTable(
  'courses',
  {
    /** Key. */
    id: id(),
    /** Its type. */
    courseTypeId: integer('course_type_id')
      .notNull()
      .references(() => courseTypes.id, { onDelete: 'restrict' }),
    /** Course name. */
    name: text('name').notNull(),
    /** Description html (sanitised on output). */
    description: text('description').notNull().default(''),
    /** Image upload key. */
    pic: text('pic').notNull().default(''),
    /** List price in NT$. */
    price: integer('price').notNull().default(0),
    /** Sale price in NT$. */
    onSalePrice: integer('on_sale_price').notNull().default(0),
    /** First session date (Asia/Taipei calendar day); NULL = to be announced. */
    startDate: date('start_date', { mode: 'string' }),
    /** Where it takes place. */
    location: text('location').notNull().default(''),
    /** Active / inactive. */
    status: status(),
    /** Sort key. */
    indexId: indexId(),
    /** When created; the list order. */
    createdAt: createdAt(),
    /** Optimistic-lock counter (columns.ts `version`). */
    version: version(),
  },
  (t) => [
    index('idx_courses_course_type_id').on(t.courseTypeId),
    index('idx_courses_status_created_at').on(t.status, t.createdAt),
    check('courses_prices_non_negative', sql`${t.price} >= 0 AND ${t.onSalePrice} >= 0`),
  ],
);
