// Turns a back-office form into the JSON body its API expects. Names follow one convention:
// `specs.0.name` builds nested objects and arrays; a name listed in `lists` is always an array
// (every value of the repeated field, none = []); `lines` split a textarea into a list of strings;
// `flags` are checkboxes ('on' when ticked, '' when not — the API reads '' as off).
// Values stay strings: the shared schemas (packages/domain) read numbers and blanks themselves.

export interface FormBodyShape {
  /** Repeated fields sent as arrays (pictures, picked ids, type ids). */
  lists?: readonly string[];
  /** Textareas holding one entry per line. */
  lines?: readonly string[];
  /** Checkboxes. */
  flags?: readonly string[];
  /** Fields the form has but the API does not take. */
  omit?: readonly string[];
}

/** Fields every back-office form carries for the page, never for the API. */
const PAGE_FIELDS = new Set(['intent']);

type Json = string | Json[] | { [key: string]: Json };

function setPath(target: Record<string, Json>, path: string[], value: string) {
  let node: Record<string, Json> | Json[] = target;
  path.forEach((key, i) => {
    const last = i === path.length - 1;
    const nextIsIndex = !last && /^\d+$/.test(path[i + 1]!);
    const slot = Array.isArray(node) ? Number(key) : key;
    const container = node as Record<string | number, Json>;
    if (last) container[slot] = value;
    else {
      container[slot] ??= nextIsIndex ? [] : {};
      node = container[slot] as Record<string, Json> | Json[];
    }
  });
}

/** Arrays built from `a.0`, `a.2` keep their order and lose the holes. */
function compact(value: Json): Json {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(compact);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v)]));
  return value;
}

export function formBody(form: FormData, shape: FormBodyShape = {}): Record<string, unknown> {
  const lists = new Set(shape.lists ?? []);
  const lines = new Set(shape.lines ?? []);
  const flags = new Set(shape.flags ?? []);
  const omit = new Set([...(shape.omit ?? []), ...PAGE_FIELDS]);
  const body: Record<string, Json> = {};
  for (const name of lists) body[name] = [];
  for (const name of flags) body[name] = '';
  for (const [name, raw] of form.entries()) {
    if (typeof raw !== 'string' || omit.has(name) || name.startsWith('_')) continue;
    if (lists.has(name)) (body[name] as Json[]).push(raw);
    else if (lines.has(name))
      body[name] = raw
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== '');
    else if (flags.has(name)) body[name] = 'on';
    else setPath(body, name.split('.'), raw);
  }
  return compact(body) as Record<string, unknown>;
}
