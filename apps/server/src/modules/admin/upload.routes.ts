import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadedPictureSchema } from '@shop/domain';
import { DomainError, Invalid } from '../../errors.ts';
import { created } from '../../http/replies.ts';
import type { ModuleOptions } from '../module-options.ts';
import { createUploadStorage } from '../uploads/index.ts';
import { ADMIN_UPLOAD_MAX_BYTES, storeAdminImage } from './admin-upload.service.ts';
import { currentStaff, noStore } from './request-staff.ts';

const uploadQuery = z.object({
  purpose: z.enum(['image', 'favicon'], { error: '用途只能是 image 或 favicon' }).default('image'),
});

/** POST /admin/uploads (multipart field `file`): one picture, re-encoded; answers its upload key. */
export const adminUploadRoutes: FastifyPluginAsync<ModuleOptions> = async (base, { db, config, now }) => {
  await base.register(multipart, { limits: { fileSize: ADMIN_UPLOAD_MAX_BYTES, files: 1, fields: 5 } });
  const app = base.withTypeProvider<ZodTypeProvider>();
  const storage = createUploadStorage(config, db);

  app.post(
    '/admin/uploads',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        querystring: uploadQuery,
        consumes: ['multipart/form-data'],
        response: created(uploadedPictureSchema),
      },
    },
    async (req, reply) => {
      if (!req.isMultipart())
        throw new Invalid('請以 multipart/form-data 上傳檔案', [{ field: 'file', msg: '請選擇檔案' }]);
      const part = await req.file();
      if (!part || part.fieldname !== 'file') throw new Invalid('請選擇檔案', [{ field: 'file', msg: '請選擇檔案' }]);
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch {
        throw new DomainError(413, '圖片過大，請小於 10 MB');
      }
      const data = await storeAdminImage(db, storage, {
        bytes,
        originalName: part.filename ?? '',
        staffId: currentStaff(req).id,
        purpose: req.query.purpose,
        now: now(),
      });
      return noStore(reply).code(201).send({ code: 201, data });
    },
  );
};
