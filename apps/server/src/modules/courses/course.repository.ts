import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
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

/** Active courses of active types, newest first by created_at (spec §9); ties newest row first. */
export async function findCourses(db: Db, f: CourseFilter = {}): Promise<CourseRow[]> {
  const conditions: SQL[] = [eq(courses.status, Status.Active), eq(courseTypes.status, Status.Active)];
  if (f.id !== undefined) conditions.push(eq(courses.id, f.id));
  if (f.typeIds !== undefined) conditions.push(inArray(courses.courseTypeId, f.typeIds.length ? f.typeIds : [-1]));
  const rows = await db
    .select({ course: courses })
    .from(courses)
    .innerJoin(courseTypes, eq(courses.courseTypeId, courseTypes.id))
    .where(and(...conditions))
    .orderBy(desc(courses.createdAt), desc(courses.id));
  return rows.map((r) => r.course);
}
