import type { Config } from '@react-router/dev/config';

// Server rendering on: the Fastify process imports build/server/index.js and serves build/client.
// `npm run build` builds into a fresh folder (WEB_BUILD_DIR) and then points build at it
// (scripts/build-switch.mjs).
export default {
  appDirectory: 'app',
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  ssr: true,
  // Loaders and actions get the request as it came, and read the page's address from `url`: React
  // Router no longer copies the request twice per route to strip its own parameters (decision 069).
  future: { v8_passThroughRequests: true },
} satisfies Config;
