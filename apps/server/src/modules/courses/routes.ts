import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { courseSchema, courseTypeSchema } from '@shop/domain';
import { replies } from '../../http/replies.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, pageSchema, sizeSchema } from '../../http/params.ts';
import type { ModuleOptions } from '../module-options.ts';
import * as courses from './course.service.ts';

/** `?page=&size=` of the course lists (the /courses page asks for one page, as /news does). */
const courseListQuery = z.object({ page: pageSchema.optional(), size: sizeSchema.optional() });

/** spec §7 Courses GETs. Public. (POST/PUT/DELETE are the back office's: admin-catalogue.) */
export const courseRoutes: FastifyPluginAsync<ModuleOptions> = async (base, { db, cache }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const pub = { config: { access: 'public' as const } };
  const tags = ['courses'];

  app.get(
    '/courses',
    { ...pub, schema: { response: replies(z.array(courseSchema)), tags, querystring: courseListQuery } },
    (req, reply) => cache.reply(req, reply, () => courses.listCourses(db, req.query)),
  );
  app.get(
    '/courses/:id',
    { ...pub, schema: { response: replies(courseSchema), tags, params: idParams } },
    (req, reply) => cache.reply(req, reply, async () => ({ data: await courses.getCourse(db, req.params.id) })),
  );
  app.get(
    '/courses-by-parent/:id',
    {
      ...pub,
      schema: { response: replies(z.array(courseSchema)), tags, params: idParams, querystring: courseListQuery },
    },
    (req, reply) => cache.reply(req, reply, () => courses.coursesByParent(db, req.params.id, req.query)),
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
