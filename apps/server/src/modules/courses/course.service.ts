import type { Db } from '../../db/client.ts';
import { NotFound } from '../../errors.ts';
import { sanitizeRichText } from '../../http/rich-text.ts';
import * as repo from './course.repository.ts';

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

/** GET /courses: active courses of shown types, newest first (spec §9). */
export async function listCourses(db: Db) {
  const typeIds = (await visibleCourseTypes(db)).map((t) => t.id);
  return (await repo.findCourses(db, { typeIds })).map(toCourseJson);
}

export async function getCourse(db: Db, id: number) {
  const typeIds = (await visibleCourseTypes(db)).map((t) => t.id);
  const [row] = await repo.findCourses(db, { id, typeIds });
  if (!row) throw new NotFound('找不到此課程');
  return toCourseJson(row);
}

/** GET /courses-by-parent/{id}: courses of a type, a top-level type including its children's (as products do). */
export async function coursesByParent(db: Db, typeId: number) {
  const types = await visibleCourseTypes(db);
  if (!types.some((t) => t.id === typeId)) return [];
  const typeIds = [typeId, ...types.filter((t) => t.parentId === typeId).map((t) => t.id)];
  return (await repo.findCourses(db, { typeIds })).map(toCourseJson);
}
