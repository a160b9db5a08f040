import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  // @shop/domain ships TypeScript sources; bundle it into the server build so Node never imports .ts.
  ssr: { noExternal: ['@shop/domain'] },
  build: {
    rolldownOptions: {
      treeshake: {
        // @shop/domain is pure (no I/O, no globals): a page that only needs an enum must not pull in
        // the Zod schemas (and Zod) through the package's barrel file. JS budget: 150 KB on first load.
        moduleSideEffects: (id) => (id.includes('/packages/domain/') ? false : undefined),
      },
    },
  },
});
