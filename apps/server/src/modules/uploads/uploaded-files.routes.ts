// GET /uploads/<name>: the stored pictures, public like the pages that show them. UPLOAD_STORAGE=disk
// serves DATA_DIR/uploads with @fastify/static; `database` answers the same URLs with the same
// headers from `upload_blobs` (docs/decisions/062).
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { declareAccess } from '../../plugins/access.ts';
import { databaseUploadStorage, isUploadName } from './upload-storage.ts';

/** Browsers and a CDN keep a picture 7 days (@fastify/static's `maxAge: '7d'`, in both stores). */
const UPLOAD_MAX_AGE_SECONDS = 7 * 86_400;

export const uploadedFileRoutes: FastifyPluginAsync<{ config: Config; db: Db }> = async (files, { config, db }) => {
  declareAccess(files, 'exempt'); // uploaded pictures are public, like the pages that show them
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    // Served to the pages through FILE_SERVER_URL (a CDN's origin), the pictures must be loadable cross-origin.
    ...(config.fileServerUrl ? { 'Cross-Origin-Resource-Policy': 'cross-origin' } : {}),
  };

  if (config.UPLOAD_STORAGE === 'disk') {
    const uploadsDir = path.join(config.dataDir, 'uploads');
    fs.mkdirSync(uploadsDir, { recursive: true });
    await files.register(fastifyStatic, {
      root: uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      maxAge: '7d',
      setHeaders: (res) => {
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      },
    });
    return;
  }

  const storage = databaseUploadStorage(db);
  const foundHeaders = { ...headers, 'Cache-Control': `public, max-age=${UPLOAD_MAX_AGE_SECONDS}` };
  files.get('/uploads/*', { schema: { hide: true } }, async (req, reply) => {
    const name = (req.params as { '*': string })['*'];
    // The strict name pattern refuses `..`, encoded slashes and anything else before the database is asked.
    if (!isUploadName(name)) return reply.callNotFound();
    // A browser revalidating a picture it has is answered from the checksum alone, without the bytes.
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch) {
      const etag = await storage.etag(name);
      if (etag === null) return reply.callNotFound();
      if (matchesEtag(ifNoneMatch, etag)) return reply.headers(foundHeaders).header('ETag', etag).code(304).send();
    }
    const file = await storage.get(name);
    if (!file) return reply.callNotFound();
    reply.headers(foundHeaders);
    if (file.etag) reply.header('ETag', file.etag);
    return reply.type(file.mime).send(file.bytes);
  });
};

/** RFC 9110 §13.1.2: If-None-Match compares weakly, and `*` matches any stored file. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || strip(tag) === strip(etag));
}
