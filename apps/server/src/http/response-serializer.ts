import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/**
 * Fastify's serializer for zod response schemas (issue 15 item 3): a reply is parsed by its
 * route's schema, so only declared fields leave the server (a column added to a record never leaks
 * by accident) and /api/docs describes what is really sent.
 *
 * `strict` (tests) also refuses a reply the schema would change, naming the field: a service
 * answering a field the contract lacks is a bug in the contract, caught by the tests instead of
 * being stripped silently in production. The client sees a 500 either way, so in strict mode the
 * reason is also written to stderr, where the failing test shows it.
 */
export function responseSerializer({ strict }: { strict: boolean }): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) =>
    (data) => {
      const result = schema.safeParse(data);
      let problem: string | undefined;
      if (!result.success) {
        problem = `the reply does not match its schema: ${z.prettifyError(result.error)}`;
      } else if (strict) {
        const sent = JSON.parse(JSON.stringify(data)) as unknown;
        const kept = JSON.parse(JSON.stringify(result.data)) as unknown;
        if (!isDeepStrictEqual(sent, kept)) {
          problem = `the reply has fields its schema leaves out: ${firstDifference(sent, kept)}`;
        }
      }
      if (problem !== undefined) {
        const error = new Error(`${method} ${url}: ${problem}`);
        if (strict) console.error(error.message);
        throw error;
      }
      return JSON.stringify(result.data);
    };
}

/** The path of the first field present in `sent` and not in `kept`, for the error message. */
function firstDifference(sent: unknown, kept: unknown, path = '$'): string {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    for (let i = 0; i < sent.length; i++) {
      if (!isDeepStrictEqual(sent[i], kept[i])) return firstDifference(sent[i], kept[i], `${path}[${i}]`);
    }
  } else if (sent && kept && typeof sent === 'object' && typeof kept === 'object') {
    for (const [key, value] of Object.entries(sent)) {
      if (!(key in kept)) return `${path}.${key}`;
      const other = (kept as Record<string, unknown>)[key];
      if (!isDeepStrictEqual(value, other)) return firstDifference(value, other, `${path}.${key}`);
    }
  }
  return path;
}
