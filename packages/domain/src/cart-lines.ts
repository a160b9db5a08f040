// A member's cart lines as the carts API answers them (spec §7 shopping carts), as zod schemas:
// Fastify serialises with them and the web's types are inferred from them (issue 15 item 3).
import { z } from 'zod';
import { isoDateTimeSchema, recordStatusSchema } from './entities.ts';
import { productSpecDetailSchema } from './storefront-reads.ts';

/** Why a line cannot be ordered now; null when it can. */
export const cartLineProblemSchema = z.enum(['unavailable', 'out_of_stock']).nullable();

/** What a cart line shows of its product: the card fields, not the descriptions. */
export const cartProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  banner: z.string(),
  pics: z.array(z.string()),
  price: z.number().int(),
  on_sale_price: z.number().int(),
  status: recordStatusSchema,
  internet_celebrity: z.boolean(),
  activity_start_time: isoDateTimeSchema.nullable(),
  activity_end_time: isoDateTimeSchema.nullable(),
  product_specs: z.array(productSpecDetailSchema),
});

export const cartPackageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  banner: z.string(),
  pics: z.array(z.string()),
  price: z.number().int(),
  on_sale_price: z.number().int(),
  status: recordStatusSchema,
  sold_out: z.boolean(),
});

/** A stored product line, as adding or changing one answers it. */
export const productCartRowSchema = z.object({
  id: z.number().int(),
  members_id: z.number().int(),
  products_id: z.number().int(),
  spec_id: z.number().int().nullable(),
  qty: z.number().int(),
});
export type ProductCartRow = z.infer<typeof productCartRowSchema>;

export const packageCartRowSchema = z.object({
  id: z.number().int(),
  members_id: z.number().int(),
  product_packages_id: z.number().int(),
  qty: z.number().int(),
});
export type PackageCartRow = z.infer<typeof packageCartRowSchema>;

/** A product line joined with the catalogue now: what the cart page shows and prices. */
export const memberCartLineSchema = productCartRowSchema.extend({
  /** Sale price of one unit now (the spec's, else the product's); the order recomputes it. */
  unit_price: z.number().int(),
  available: z.boolean(),
  problem: cartLineProblemSchema,
  product: cartProductSchema,
  spec: productSpecDetailSchema.nullable(),
  created_at: isoDateTimeSchema,
});
export type MemberCartLine = z.infer<typeof memberCartLineSchema>;

export const memberPackageLineSchema = packageCartRowSchema.extend({
  unit_price: z.number().int(),
  available: z.boolean(),
  problem: cartLineProblemSchema,
  product_package: cartPackageSchema,
  created_at: isoDateTimeSchema,
});
export type MemberPackageLine = z.infer<typeof memberPackageLineSchema>;

/** What deleting one line answers. */
export const removedLineSchema = z.object({ id: z.number().int() });
/** What emptying a cart answers: how many lines went. */
export const clearedLinesSchema = z.object({ deleted: z.number().int() });
