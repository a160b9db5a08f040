import type { Config } from '@react-router/dev/config';

// Server rendering on: the Fastify process imports build/server/index.js and serves build/client.
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config;
