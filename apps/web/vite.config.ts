import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  // @shop/domain ships TypeScript sources; bundle it into the server build so Node never imports .ts.
  ssr: { noExternal: ['@shop/domain'] },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The few small modules every page needs (enums, zh-TW messages, NT$ format, the API
              // client, image URLs, the lazy-import helper) stay in one chunk: the back office uses
              // them too, and without this group the storefront's first load would fetch them as
              // seven tiny extra files (docs/decisions/029).
              name: 'shop-common',
              test: /packages[\\/]domain[\\/]src[\\/](enums|messages|money|phone)\.ts|app[\\/](api[\\/]client|lib[\\/]image-url)\.ts|preload-helper/,
            },
            {
              // What root.tsx draws on every storefront page (header, menus, footer, the session and
              // cart badge): one file instead of a dozen small ones, each of which cost a phone a
              // request and its headers on the first load (JS budget: 150 KB with headers).
              name: 'storefront-shell',
              test: /app[\\/](components[\\/](layout[\\/]|icons\.tsx|keyword-search\.tsx|ui[\\/]modal-frame\.tsx)|features[\\/](auth[\\/](session|session-refresh|session-keeper|auth-cookies)\.tsx?|cart[\\/](cart-count|guest-cart|guest-cart-join)\.ts)|lib[\\/](nonce\.tsx|page-meta\.ts)|api[\\/]use-api\.ts)/,
            },
          ],
        },
      },
      treeshake: {
        // @shop/domain is pure (no I/O, no globals): a page that only needs an enum must not pull in
        // the Zod schemas (and Zod) through the package's barrel file. JS budget: 150 KB on first load.
        moduleSideEffects: (id) => (id.includes('/packages/domain/') ? false : undefined),
      },
    },
  },
});
