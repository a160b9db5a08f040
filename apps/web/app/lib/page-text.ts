// A route's page model travels in its loader's data as one JSON text (decision 097), as the layout's
// data does (decision 090). React Router encodes loader data into every page's hydration data value by
// value, some 140 values for a product page, in JavaScript; one text is one value, and JSON.stringify
// writes it natively. The text of a model object is made once, and on the server a component finds
// the model again from the loader's data without parsing it.

/** JSON text of a `T`. */
export type PageText<T> = string & { readonly pageOf: T };

/** What a loader returns for its page model. */
export interface PageData<T> {
  page: PageText<T>;
}

// Texts by model (a model kept by its loader keeps its text), models by the data that carries them:
// the loader's own object on the server, the decoded one in the browser.
const texts = new WeakMap<object, string>();
const models = new WeakMap<PageData<unknown>, unknown>();

/** The loader's data for `model`. */
export function pageData<T extends object>(model: T): PageData<T> {
  let text = texts.get(model);
  if (text === undefined) {
    text = JSON.stringify(model);
    texts.set(model, text);
  }
  const data = { page: text as PageText<T> };
  models.set(data, model);
  return data;
}

/** The page model in a loader's data; the same object for the same data (read only: renders share it). */
export function pageOf<T>(data: PageData<T>): T {
  let model = models.get(data) as T | undefined;
  if (model === undefined) {
    model = JSON.parse(data.page) as T;
    models.set(data, model);
  }
  return model;
}
