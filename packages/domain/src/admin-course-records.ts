// The courses' back-office records, each described once: what the API answers for a course and a
// course type, their shared list and form pages (admin-record-kind.ts) and what the API takes when
// the form is posted (admin-record-request.ts).
import { z } from 'zod';
import { checkSalePrice } from './admin-catalogue-schemas.ts';
import { isoDateTimeSchema } from './entities.ts';
import {
  categoryNameField,
  coverField,
  indexColumn,
  indexIdField,
  nameColumn,
  parentTypeField,
  pictureColumn,
  priceColumn,
  priceFields,
  recordText as text,
  richTextField,
  sourceColumn,
  statusField,
  typeSelectField,
  type RecordKindDescription,
} from './admin-record-kind.ts';
import { orderedRecordFields, recordInt as int, recordVersion as version } from './admin-record-fields.ts';
import { requestSchemasOf } from './admin-record-request.ts';

export const adminCourseTypeSchema = z.object({
  id: int,
  name: z.string(),
  parent_id: int.nullable(),
  pic: z.string(),
  ...orderedRecordFields,
  version,
});
export type AdminCourseType = z.infer<typeof adminCourseTypeSchema>;

export const adminCourseSchema = z.object({
  id: int,
  course_type_id: int,
  name: z.string(),
  /** Sanitised html. */
  description: z.string(),
  pic: z.string(),
  price: int,
  on_sale_price: int,
  /** A day, `2026-06-01`; null = not announced. */
  start_date: z.string().nullable(),
  location: z.string(),
  ...orderedRecordFields,
  created_at: isoDateTimeSchema,
  version,
});
export type AdminCourse = z.infer<typeof adminCourseSchema>;

// ---- the shared record pages of the courses ----------------------------------------------------

const courses = {
  path: 'courses',
  title: '課程',
  noun: '課程',
  description: '課程與活動報名資訊',
  api: '/admin/courses',
  write: '/courses',
  record: adminCourseSchema,
  sortable: true,
  sources: { types: '/admin/course-types' },
  filters: [{ name: 'course_type_id', label: '課程分類', options: { source: 'types' } }],
  columns: [
    pictureColumn('pic'),
    nameColumn(),
    sourceColumn('分類', 'types', 'course_type_id'),
    { label: '開課日', cell: (r) => text(r.start_date) || '未定' },
    priceColumn,
    indexColumn,
  ],
  fields: [
    { type: 'text', name: 'name', label: '課程名稱', required: true, max: 100, wide: true },
    typeSelectField('course_type_id', '課程分類'),
    { type: 'date', name: 'start_date', label: '開課日', help: '留空表示日期未定' },
    ...priceFields(),
    { type: 'text', name: 'location', label: '地點', max: 100 },
    indexIdField,
    statusField,
    coverField('pic', '課程圖片'),
    richTextField('description', '課程介紹'),
  ] as const,
  blank: {
    name: '',
    course_type_id: null,
    price: 0,
    on_sale_price: 0,
    start_date: '',
    location: '',
    index_id: 0,
    status: 1,
  },
  label: (r) => text(r.name),
} satisfies RecordKindDescription;
export const { create: courseCreateSchema, update: courseUpdateSchema } = requestSchemasOf(courses.fields, {
  check: checkSalePrice,
});
export type CourseCreateInput = z.infer<typeof courseCreateSchema>;

const courseTypes = {
  path: 'course-types',
  title: '課程分類',
  noun: '課程分類',
  description: '課程的分類，最多兩層',
  api: '/admin/course-types',
  write: '/course-types',
  record: adminCourseTypeSchema,
  sortable: true,
  sources: { parents: '/admin/course-types' },
  columns: [pictureColumn('pic'), nameColumn(), sourceColumn('上層分類', 'parents', 'parent_id'), indexColumn],
  fields: [
    categoryNameField,
    parentTypeField('（無，這是第一層）', { topOnly: true }),
    indexIdField,
    statusField,
    coverField('pic', '分類圖片'),
  ] as const,
  blank: { name: '', parent_id: null, index_id: 0, status: 1 },
  label: (r) => text(r.name),
} satisfies RecordKindDescription;
export const { create: courseTypeInputSchema, update: courseTypeUpdateSchema } = requestSchemasOf(courseTypes.fields);
export type CourseTypeInput = z.infer<typeof courseTypeInputSchema>;

export const COURSE_RECORD_KINDS = { courses, 'course-types': courseTypes };
