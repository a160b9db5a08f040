import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { Status } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { courseTypes, courses } from '../../db/schema/index.ts';

export type CourseRow = typeof courses.$inferSelect;
export type CourseTypeRow = typeof courseTypes.$inferSelect;

/** Active course types by index_id (spec §4, §9). */
export async function findActiveCourseTypes(db: Db): Promise<CourseTypeRow[]> {
  return db
    .select()
    .from(courseTypes)
    .where(eq(courseTypes.status, Status.Active))
    .orderBy(asc(courseTypes.indexId), asc(courseTypes.id));
}

export interface CourseFilter {
  id?: number;
  /** Courses of any of these types. */
  typeIds?: number[];
}

/** One page of a list: how many rows, after how many. */
export interface PageWindow {
  limit: number;
  offset: number;
}

function shownCourses(f: CourseFilter): SQL | undefined {
  const conditions: SQL[] = [eq(courses.status, Status.Active), eq(courseTypes.status, Status.Active)];
  if (f.id !== undefined) conditions.push(eq(courses.id, f.id));
  if (f.typeIds !== undefined) conditions.push(inArray(courses.courseTypeId, f.typeIds.length ? f.typeIds : [-1]));
  return and(...conditions);
}

/** Active courses of active types, newest first by created_at (spec §9); ties newest row first. */
export async function findCourses(db: Db, f: CourseFilter = {}, window?: PageWindow): Promise<CourseRow[]> {
  const query = db
    .select({ course: courses })
    .from(courses)
    .innerJoin(courseTypes, eq(courses.courseTypeId, courseTypes.id))
    .where(shownCourses(f))
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .$dynamic();
  if (window) query.limit(window.limit).offset(window.offset);
  const rows = await query;
  return rows.map((r) => r.course);
}

/** How many courses findCourses would answer without a window. */
export async function countCourses(db: Db, f: CourseFilter = {}): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(courses)
    .innerJoin(courseTypes, eq(courses.courseTypeId, courseTypes.id))
    .where(shownCourses(f));
  return row?.n ?? 0;
}
