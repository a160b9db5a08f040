import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { courseSchema, courseTypeSchema } from '@shop/domain';
import { replies } from '../../http/replies.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../http/params.ts';
import type { ModuleOptions } from '../index.ts';
import * as courses from './course.service.ts';

/** spec §7 Courses GETs. Public. (POST/PUT/DELETE belong to the back office, written later.) */
export const courseRoutes: FastifyPluginAsync<ModuleOptions> = async (base, { db, cache }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const pub = { config: { access: 'public' as const } };
  const tags = ['courses'];

  app.get('/courses', { ...pub, schema: { response: replies(z.array(courseSchema)), tags } }, (req, reply) =>
    cache.reply(req, reply, async () => ({ data: await courses.listCourses(db) })),
  );
  app.get(
    '/courses/:id',
    { ...pub, schema: { response: replies(courseSchema), tags, params: idParams } },
    (req, reply) => cache.reply(req, reply, async () => ({ data: await courses.getCourse(db, req.params.id) })),
  );
  app.get(
    '/courses-by-parent/:id',
    { ...pub, schema: { response: replies(z.array(courseSchema)), tags, params: idParams } },
    (req, reply) => cache.reply(req, reply, async () => ({ data: await courses.coursesByParent(db, req.params.id) })),
  );
  app.get('/course-types', { ...pub, schema: { response: replies(z.array(courseTypeSchema)), tags } }, (req, reply) =>
    cache.reply(req, reply, async () => ({ data: await courses.listCourseTypes(db) })),
  );
  app.get(
    '/course-types/:id',
    { ...pub, schema: { response: replies(courseTypeSchema), tags, params: idParams } },
    (req, reply) => cache.reply(req, reply, async () => ({ data: await courses.getCourseType(db, req.params.id) })),
  );
  app.get(
    '/course-types-by-parent/:id',
    { ...pub, schema: { response: replies(z.array(courseTypeSchema)), tags, params: idParams } },
    (req, reply) =>
      cache.reply(req, reply, async () => ({ data: await courses.courseTypesByParent(db, req.params.id) })),
  );
};
