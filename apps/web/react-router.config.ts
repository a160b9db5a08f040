import type { Config } from '@react-router/dev/config';

// Server rendering on: the Fastify process imports build/server/index.js and serves build/client.
// `npm run build` builds into a fresh folder (WEB_BUILD_DIR) and then points build at it
// (scripts/build-switch.mjs).
export default {
  appDirectory: 'app',
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  ssr: true,
} satisfies Config;
