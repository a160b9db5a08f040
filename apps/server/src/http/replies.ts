import { apiErrorSchema } from '@shop/domain';
import { z } from 'zod';

/**
 * A domain type with its enum fields widened to their base type, as the tables' columns give them:
 * the services' records must have the API's shape in everything else, which the compiler checks;
 * the enum values themselves are checked when the reply is serialised.
 */
export type Wire<T> = T extends number
  ? number
  : T extends string
    ? string
    : T extends readonly (infer U)[]
      ? Wire<U>[]
      : T extends object
        ? { [K in keyof T]: Wire<T[K]> }
        : T;

type Envelope<T extends z.ZodType> = z.ZodType<{ code: number; msg?: string; data: Wire<z.output<T>> }>;

const errors = { '4xx': apiErrorSchema, '5xx': apiErrorSchema };

/** spec §7: `{"code":200,"data":...}`, with a zh-TW `msg` where the shopper is told something. */
const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string().optional(), data }) as unknown as Envelope<T>;

/**
 * A route's response schemas (issue 15 item 3): the envelope around `data`, and the error envelope
 * `{code, msg, errors?}` for every refusal.
 */
export function replies<T extends z.ZodType>(data: T) {
  return { 200: envelope(data), ...errors };
}

/** The response schemas of a POST that answers 201 with what it made. */
export function created<T extends z.ZodType>(data: T) {
  return { 201: envelope(data), ...errors };
}
