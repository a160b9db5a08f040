// What the API takes when a record kind's form is posted (issue 44), derived from the same field
// descriptions the form is drawn from: each field's type, required and max name the zod piece that
// checks it, so a limit changed in the description changes the form and the API together. A kind adds
// what is not a field: checks across fields, fields the API takes that the form does not show, and
// (on the field itself, `input`) a piece its type and limits do not say.
import { z } from 'zod';
import { idListBodySchema, pictureListSchema, richTextSchema } from './admin-catalogue-schemas.ts';
import {
  adminText,
  bodyIdSchema,
  optionalDateTimeSchema,
  optionalIdSchema,
  optionalShopDateSchema,
  optionalText,
  optionalUploadKey,
  requiredUploadKey,
  statusSchema,
  versionSchema,
} from './admin-forms.ts';
import type { FieldDef, SourceChoice } from './admin-record-kind.ts';

/** Up to `max` pictures, none needed ([] when absent). */
const optionalPictures = (max: number) =>
  pictureListSchema(0, max)
    .optional()
    .transform((v) => v ?? []);

/** Picked ids of which at least one is needed. */
const requiredIds = (max: number, noun: string) =>
  idListBodySchema(max, noun).pipe(z.array(z.number()).min(1, { error: `請至少選擇一項${noun}` }));

/** What a picker lists, in the words of its messages. */
const pickedNoun = { products: '商品', articles: '文章' };

/** The zod piece of one field, as a type (the keys and values the server and pages read). */
type PieceOf<F extends FieldDef> = F extends { input: infer S extends z.ZodType }
  ? S
  : F extends { type: 'status' }
    ? typeof statusSchema
    : F extends { type: 'richtext' }
      ? typeof richTextSchema
      : F extends { type: 'text' | 'textarea'; max: number; required: true }
        ? ReturnType<typeof adminText>
        : F extends { type: 'text' | 'textarea'; max: number }
          ? ReturnType<typeof optionalText>
          : F extends { type: 'datetime' }
            ? typeof optionalDateTimeSchema
            : F extends { type: 'date' }
              ? typeof optionalShopDateSchema
              : F extends { type: 'select'; options: SourceChoice; required: true }
                ? typeof bodyIdSchema
                : F extends { type: 'select'; options: SourceChoice }
                  ? typeof optionalIdSchema
                  : F extends { type: 'picture'; max: 1; required: true }
                    ? typeof requiredUploadKey
                    : F extends { type: 'picture'; max: 1 }
                      ? typeof optionalUploadKey
                      : F extends { type: 'picture'; required: true }
                        ? ReturnType<typeof pictureListSchema>
                        : F extends { type: 'picture' }
                          ? ReturnType<typeof optionalPictures>
                          : F extends { type: 'picker'; required: true }
                            ? ReturnType<typeof requiredIds>
                            : F extends { type: 'picker' }
                              ? ReturnType<typeof idListBodySchema>
                              : never;

/** The request's fields: one per form field, except the parts of a nested list (`discount_rule.0.value`). */
export type FormShape<F extends readonly FieldDef[]> = {
  [K in F[number] as K['name'] extends `${string}.${string}` ? never : K['name']]: PieceOf<K>;
};

/** The zod piece of one field; a field its type and limits do not describe must name its `input`. */
export function pieceOf(field: FieldDef): z.ZodType {
  if (field.input) return field.input;
  switch (field.type) {
    case 'status':
      return statusSchema;
    case 'richtext':
      return richTextSchema;
    case 'text':
    case 'textarea':
      if (field.max === undefined) break;
      return field.required ? adminText(field.max) : optionalText(field.max);
    case 'datetime':
      if (field.required) break;
      return optionalDateTimeSchema;
    case 'date':
      if (field.required) break;
      return optionalShopDateSchema;
    case 'select':
      if (Array.isArray(field.options)) break;
      return field.required ? bodyIdSchema : optionalIdSchema;
    case 'picture':
      if (field.max === 1) return field.required ? requiredUploadKey : optionalUploadKey;
      return field.required ? pictureListSchema(1, field.max) : optionalPictures(field.max);
    case 'picker': {
      const noun = pickedNoun[field.source({ id: 0, version: 0 })];
      return field.required ? requiredIds(field.max, noun) : idListBodySchema(field.max, noun);
    }
  }
  throw new Error(`${field.name}: its type and limits name no request piece; give the field its input`);
}

export interface RequestAdditions<Shape, More extends z.core.$ZodLooseShape> {
  /** Fields the API takes besides the form's (or that stand for a nested list of form fields). */
  more?: More;
  /** Rules across fields; zod runs them once every field has its type (a text too long does not stop them). */
  check?: (value: z.output<z.ZodObject<Shape & More>>, ctx: z.RefinementCtx) => void;
}

/**
 * The create (POST) and update (PUT, with the version the form was opened with) request schemas of a
 * record kind whose form has these fields. Bodies with keys the API does not take are refused.
 */
export function requestSchemasOf<
  const F extends readonly FieldDef[],
  More extends z.core.$ZodLooseShape = Record<never, never>,
>(fields: F, { more, check }: RequestAdditions<FormShape<F>, More> = {}) {
  const formFields = fields.filter((f) => !f.name.includes('.')).map((f) => [f.name, pieceOf(f)]);
  const shape = { ...Object.fromEntries(formFields), ...more } as FormShape<F> & More;
  const checked = <S extends z.ZodObject>(schema: S): S => (check ? schema.superRefine(check as never) : schema);
  return {
    create: checked(z.strictObject(shape)),
    update: checked(z.strictObject({ ...shape, version: versionSchema })),
  };
}
