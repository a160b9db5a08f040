// zod 4 compiles its object validators with `new Function` and, to know whether it may, tries one the
// first time a module builds an object schema. The page's script-src allows no eval: the browser
// refuses it and reports a policy violation (issue 20 item 1). Jitless, zod neither tries nor needs
// it. root.tsx imports this first: React Router evaluates the route modules, and the schemas they
// build, before entry.client.tsx. The server keeps the compiled validators.
//
// zod keeps its settings in one object on globalThis (zod/v4/core/core.js: `__zod_globalConfig`,
// what `z.config()` writes) and adopts one that is already there. Writing it here instead of
// calling z.config() keeps zod out of every page's first script (~24 KB compressed); the schemas
// arrive with the forms that use them. The csp-navigation browser story fails if zod stops reading it.
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

if (!import.meta.env.SSR) {
  const root = globalThis as ZodGlobal;
  root.__zod_globalConfig = Object.assign(root.__zod_globalConfig ?? {}, { jitless: true });
}
