import { PAGE_SIZE } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../errors.ts';
import type { Answer } from '../../http/response-cache.ts';
import { sanitizeRichText } from '../../http/rich-text.ts';
import * as repo from './course.repository.ts';

type CourseJson = ReturnType<typeof toCourseJson>;

function toCourseJson(c: repo.CourseRow) {
  return {
    id: c.id,
    course_type_id: c.courseTypeId,
    name: c.name,
    description: sanitizeRichText(c.description),
    pic: c.pic,
    price: c.price,
    on_sale_price: c.onSalePrice,
    start_date: c.startDate,
    location: c.location,
    status: c.status,
    index_id: c.indexId,
    created_at: c.createdAt.toISOString(),
  };
}

function toCourseTypeJson(t: repo.CourseTypeRow) {
  return { id: t.id, name: t.name, parent_id: t.parentId, pic: t.pic, status: t.status, index_id: t.indexId };
}

/** Active types whose parent (if any) is shown too: a child of a hidden type has no place in the menu. */
async function visibleCourseTypes(db: Db): Promise<repo.CourseTypeRow[]> {
  const active = await repo.findActiveCourseTypes(db);
  const activeIds = new Set(active.map((t) => t.id));
  return active.filter((t) => t.parentId === null || activeIds.has(t.parentId));
}

/** GET /course-types: shown course types by index_id (spec §9). */
export async function listCourseTypes(db: Db) {
  return (await visibleCourseTypes(db)).map(toCourseTypeJson);
}

export async function getCourseType(db: Db, id: number) {
  const found = (await visibleCourseTypes(db)).find((t) => t.id === id);
  if (!found) throw new NotFound('找不到此課程分類');
  return toCourseTypeJson(found);
}

/** GET /course-types-by-parent/{id}: the shown children of a type, by index_id. */
export async function courseTypesByParent(db: Db, parentId: number) {
  return (await visibleCourseTypes(db)).filter((t) => t.parentId === parentId).map(toCourseTypeJson);
}

/** `?page=&size=` of a course list; without `page` the whole list. */
export interface CourseListPage {
  page?: number;
  size?: number;
}

/** Shown courses of `typeIds`, newest first: one page of them and the full count when `page` is given. */
async function courseList(db: Db, typeIds: number[], q: CourseListPage): Promise<Answer & { data: CourseJson[] }> {
  if (q.page === undefined) return { data: (await repo.findCourses(db, { typeIds })).map(toCourseJson) };
  const size = q.size ?? PAGE_SIZE.courses;
  const [rows, total] = await Promise.all([
    repo.findCourses(db, { typeIds }, { limit: size, offset: (q.page - 1) * size }),
    repo.countCourses(db, { typeIds }),
  ]);
  return { data: rows.map(toCourseJson), total };
}

/** GET /courses: active courses of shown types, newest first (spec §9); with `page` one page and the count. */
export async function listCourses(db: Db, q: CourseListPage = {}) {
  const typeIds = (await visibleCourseTypes(db)).map((t) => t.id);
  return courseList(db, typeIds, q);
}

export async function getCourse(db: Db, id: number) {
  const typeIds = (await visibleCourseTypes(db)).map((t) => t.id);
  const [row] = await repo.findCourses(db, { id, typeIds });
  if (!row) throw new NotFound('找不到此課程');
  return toCourseJson(row);
}

/**
 * GET /courses-by-parent/{id}: courses of a type, a top-level type including its children's (as
 * products do); with `page` one page and the count. A type that is not shown has none.
 */
export async function coursesByParent(db: Db, typeId: number, q: CourseListPage = {}) {
  const types = await visibleCourseTypes(db);
  if (!types.some((t) => t.id === typeId)) return q.page === undefined ? { data: [] } : { data: [], total: 0 };
  const typeIds = [typeId, ...types.filter((t) => t.parentId === typeId).map((t) => t.id)];
  return courseList(db, typeIds, q);
}
