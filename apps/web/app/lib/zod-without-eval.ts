import { z } from 'zod';

// zod 4 compiles its object validators with `new Function` and, to know whether it may, tries one the
// first time a module builds an object schema. The page's script-src allows no eval: the browser
// refuses it and reports a policy violation (issue 20 item 1). Jitless, zod neither tries nor needs
// it. root.tsx imports this first: React Router evaluates the route modules, and the schemas they
// build, before entry.client.tsx. The server keeps the compiled validators.
if (!import.meta.env.SSR) z.config({ jitless: true });
