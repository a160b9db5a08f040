// The storefront layout's data travels in the root loader's data as JSON text (decision 090): the
// same for every guest, and some two hundred values React Router would otherwise encode one by one
// into every page's hydration data. The browser parses it once per page load, the server once per text.

/** JSON text of a `T`. */
export type LayoutText<T> = string & { readonly layoutOf: T };

export const layoutTextOf = <T>(value: T): LayoutText<T> => JSON.stringify(value) as LayoutText<T>;

let last: { text: string; value: unknown } | undefined;

/** The value of a layout text; the same object for the same text (read only: pages rendered at once share it). */
export function readLayoutText<T>(text: LayoutText<T>): T {
  if (last?.text !== text) last = { text, value: JSON.parse(text) };
  return last.value as T;
}
