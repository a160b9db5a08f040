import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { statusToggleSchema, versionSchema } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { idParams } from '../../http/params.ts';
import { created, replies } from '../../http/replies.ts';
import type { Actor } from './editable-records.ts';
import { currentStaff, noStore, sendPage } from './request-staff.ts';

/** What a back-office record type offers; every method takes the database handle first. */
export interface RecordService<Q, C, U> {
  list(db: Db, q: Q): Promise<{ items: unknown[]; total: number }>;
  get(db: Db, id: number): Promise<unknown>;
  create(db: Db, actor: Actor, input: C, now: Date): Promise<unknown>;
  update(db: Db, actor: Actor, id: number, input: U, now: Date): Promise<unknown>;
  remove(db: Db, actor: Actor, id: number, version: number | undefined): Promise<void>;
  setStatus?(db: Db, actor: Actor, id: number, input: { status: 0 | 1; version: number }, now: Date): Promise<unknown>;
}

export interface RecordRoutes<Q, C, U> {
  db: Db;
  now: () => Date;
  /** Where the back office reads the list and one record, e.g. `/admin/news`. */
  path: string;
  /** Where it writes, when the spec names other paths (spec §7: POST /courses, PUT /courses/{id}…). */
  writePath?: string;
  access: 'staff' | 'owner';
  tags: string[];
  listQuery: ZodType<Q>;
  createSchema: ZodType<C>;
  updateSchema: ZodType<U>;
  service: RecordService<Q, C, U>;
  /** What every read and write answers (the list, one per row): the record as the form edits it. */
  record: ZodType;
  /** After every committed change: public answers and kept pages must show it (docs/decisions/005). */
  onChange: () => void;
}

/** DELETE …/{id}?version=N: the version the list showed (409 when the record changed since). */
const deleteQuery = z.object({ version: versionSchema.optional() });

/**
 * The routes of one record type: GET list (paged, X-Total-Count), GET one, POST, PUT, PATCH status,
 * DELETE. Handlers stay thin: parse (schemas), call the service, answer.
 */
export function registerRecordRoutes<Q, C, U>(base: FastifyInstance, r: RecordRoutes<Q, C, U>) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, service, tags } = r;
  const config = { access: r.access };
  const write = r.writePath ?? r.path;
  const one = replies(r.record);

  app.get(
    r.path,
    { config, schema: { tags, querystring: r.listQuery, response: replies(z.array(r.record)) } },
    async (req, reply) => sendPage(reply, await service.list(db, req.query as Q)),
  );
  app.get(`${r.path}/:id`, { config, schema: { tags, params: idParams, response: one } }, async (req, reply) =>
    noStore(reply).send({ code: 200, data: await service.get(db, req.params.id) }),
  );
  app.post(
    write,
    { config, schema: { tags, body: r.createSchema, response: created(r.record) } },
    async (req, reply) => {
      const data = await service.create(db, currentStaff(req), req.body as C, r.now());
      r.onChange();
      return noStore(reply).code(201).send({ code: 201, data });
    },
  );
  app.put(
    `${write}/:id`,
    { config, schema: { tags, params: idParams, body: r.updateSchema, response: one } },
    async (req, reply) => {
      const data = await service.update(db, currentStaff(req), req.params.id, req.body as U, r.now());
      r.onChange();
      return noStore(reply).send({ code: 200, data });
    },
  );
  const setStatus = service.setStatus;
  if (setStatus) {
    app.patch(
      `${r.path}/:id/status`,
      { config, schema: { tags, params: idParams, body: statusToggleSchema, response: one } },
      async (req, reply) => {
        const data = await setStatus(db, currentStaff(req), req.params.id, req.body, r.now());
        r.onChange();
        return noStore(reply).send({ code: 200, data });
      },
    );
  }
  app.delete(
    `${write}/:id`,
    { config, schema: { tags, params: idParams, querystring: deleteQuery, response: replies(z.null()) } },
    async (req, reply) => {
      await service.remove(db, currentStaff(req), req.params.id, req.query.version);
      r.onChange();
      return noStore(reply).send({ code: 200, data: null });
    },
  );
}
