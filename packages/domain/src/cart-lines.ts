// A member's cart lines as the carts API answers them (spec §7 shopping carts), as zod schemas:
// Fastify serialises with them and the web's types are inferred from them (issue 15 item 3).
import { z } from 'zod';
import { isoDateTimeSchema, recordStatusSchema } from './entities.ts';
import { productSpecDetailSchema, stockLeftSchema } from './storefront-reads.ts';

/** Why a line cannot be ordered now; null when it can. */
export const cartLineProblemSchema = z.enum(['unavailable', 'out_of_stock']).nullable();

/** What a cart line shows of a product or a package: the card fields, not the descriptions. */
const cartCardFields = {
  id: z.number().int(),
  name: z.string(),
  banner: z.string(),
  pics: z.array(z.string()),
  price: z.number().int(),
  on_sale_price: z.number().int(),
  status: recordStatusSchema,
};

export const cartProductSchema = z.object({
  ...cartCardFields,
  internet_celebrity: z.boolean(),
  activity_start_time: isoDateTimeSchema.nullable(),
  activity_end_time: isoDateTimeSchema.nullable(),
  product_specs: z.array(productSpecDetailSchema),
});

export const cartPackageSchema = z.object({
  ...cartCardFields,
  sold_out: z.boolean(),
  stock: stockLeftSchema,
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

/** What became of one guest line when it joined the member's cart (issue 20 item 11). */
export const cartMergeOutcomeSchema = z.enum(['added', 'capped', 'sold_out', 'unavailable']);

const mergedFields = {
  /** The item as the shop names it now ('product spec'); '' when it no longer exists. */
  name: z.string(),
  /** Units the guest line held. */
  asked: z.number().int(),
  /** Units of the item in the member's cart afterwards. */
  kept: z.number().int(),
  stock: stockLeftSchema,
  outcome: cartMergeOutcomeSchema,
};

export const mergedProductLineSchema = z.object({
  products_id: z.number().int(),
  spec_id: z.number().int().nullable(),
  ...mergedFields,
});
export type MergedProductLine = z.infer<typeof mergedProductLineSchema>;

export const mergedPackageLineSchema = z.object({ product_packages_id: z.number().int(), ...mergedFields });
export type MergedPackageLine = z.infer<typeof mergedPackageLineSchema>;

/** What POST /shopping-carts-merge answers: each line sent, in the order sent. */
export const cartMergeAnswerSchema = z.object({
  lines: z.array(mergedProductLineSchema),
  packages: z.array(mergedPackageLineSchema),
});
export type CartMergeAnswer = z.infer<typeof cartMergeAnswerSchema>;
