import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { ResponseCache } from '../http/response-cache.ts';
import type { SharedState } from '../shared-state/index.ts';
import type { KeptCatalogue } from './catalogue/index.ts';

/**
 * What every API module's routes are given. Its own file, importing no route, so a module's routes
 * can name it without importing modules/index.ts (which imports every module's routes: a cycle).
 */
export interface ModuleOptions {
  db: Db;
  config: Config;
  now: () => Date;
  /** Serialised answers of public GETs; cleared when the back office changes data. */
  cache: ResponseCache;
  /** Limits and change notices shared by the shop's processes (docs/decisions/063). */
  shared: SharedState;
  /** The catalogue's products in memory (docs/decisions/087), rebuilt when the cache is cleared. */
  catalogue: KeptCatalogue;
}

/**
 * The Fastify instance a module's routes are declared on (`withTypeProvider<ZodTypeProvider>()`), so a
 * route plugin can hand its routes to functions by area.
 */
export type ModuleApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
