import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg, orderMsg, uploadedFileViewSchema } from '@shop/domain';
import { created, replies } from '../../http/replies.ts';
import { DomainError, Invalid, TooManyRequests } from '../../errors.ts';
import type { ModuleOptions } from '../module-options.ts';
import {
  deleteMemberFile,
  MEMBER_UPLOAD_MAX_BYTES,
  storeMemberImage,
  sweepUnusedMemberUploads,
} from './uploads.service.ts';
import { scheduleHousekeeping } from '../../http/housekeeping.ts';
import { createUploadStorage } from './upload-storage.ts';

/** A shopper attaches at most 4 photos to a return; 30 uploads in 10 minutes stop a script filling the disk. */
export const UPLOAD_RATE_LIMIT = { max: 30, timeWindow: 10 * 60_000 };

const fileDeleteBody = z.object({
  name: z
    .string({ error: msg.required })
    .trim()
    .min(1, { error: msg.required })
    .max(300, { error: orderMsg.fileNotFound }),
});

/** spec §7 Files: POST /upload (multipart field `file`) and POST /file-delete {name}, members only. */
export const uploadRoutes: FastifyPluginAsync<ModuleOptions> = async (base, { db, config, now, shared }) => {
  await base.register(multipart, { limits: { fileSize: MEMBER_UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  // Counted per member (the token's id), across the processes when they share Redis.
  await base.register(rateLimit, {
    global: false,
    store: shared.rateLimitStore,
    keyGenerator: (req) => (req.member ? `member:${req.member.id}` : req.ip),
    errorResponseBuilder: () => new TooManyRequests(),
  });
  const storage = createUploadStorage(config, db);
  scheduleHousekeeping(base, 'unused upload sweep', () => sweepUnusedMemberUploads(db, storage, now()));
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['uploads'];
  app.addHook('onSend', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.post(
    '/upload',
    {
      config: { access: 'member', rateLimit: UPLOAD_RATE_LIMIT },
      schema: { response: created(uploadedFileViewSchema), tags, consumes: ['multipart/form-data'] },
    },
    async (req, reply) => {
      const chooseFile = new Invalid(orderMsg.fileChoose, [{ field: 'file', msg: orderMsg.fileChoose }]);
      if (!req.isMultipart()) throw chooseFile;
      const part = await req.file();
      if (!part || part.fieldname !== 'file') throw chooseFile;
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new DomainError(413, orderMsg.fileTooLarge);
        throw err;
      }
      const data = await storeMemberImage(db, storage, {
        bytes,
        originalName: part.filename ?? '',
        memberId: req.member!.id,
        now: now(),
      });
      return reply.code(201).send({ code: 201, data });
    },
  );

  app.post(
    '/file-delete',
    {
      config: { access: 'member' },
      schema: { response: replies(z.object({ name: z.string() })), tags, body: fileDeleteBody },
    },
    async (req) => ({
      code: 200,
      data: await deleteMemberFile(db, storage, req.member!.id, req.body.name),
    }),
  );
};
