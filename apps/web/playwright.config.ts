import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS } from './chromium-flags.ts';
import { FULL_CHROMIUM, testBrowserPath } from '../../scripts/test-browser.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
// E2E_PORT lets two suites run side by side on one machine.
const port = process.env.E2E_PORT ?? '3100';
const baseURL = `http://127.0.0.1:${port}`;

// A fresh embedded database per run. Set once in the main process; workers inherit the variable.
process.env.SHOP_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));

// A second shop whose access tokens live 15 s (issue 5: the members story lets a token expire and
// keeps working). Only e2e/members.spec.ts uses it, so the other stories never see a refresh.
const shortTokenPort = String(Number(port) + 200);
const SHORT_TOKEN_SECONDS = 15;
process.env.SHOP_E2E_SHORT_TOKEN_URL ??= `http://127.0.0.1:${shortTokenPort}`;
process.env.SHOP_E2E_SHORT_TOKEN_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-short-token-'));
process.env.SHOP_E2E_SHORT_TOKEN_SECONDS ??= String(SHORT_TOKEN_SECONDS);

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  // Issue 15 item 7: a story that fails once is a failure; each makes its own data, so none waits on another's.
  retries: 0,
  reporter: 'list',
  // A guard against a hung story, not a speed check (the bench measures speed). On a machine where
  // Chromium ran about twice as slowly, stories with three axe checks of whole pages took 19–33 s.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      // Playwright cannot download browsers here: drive the system's Chromium headless shell (decision 089).
      executablePath: testBrowserPath() ?? FULL_CHROMIUM,
      args: CHROMIUM_FLAGS,
    },
  },
  // Every story runs on the phone, where most shoppers in Taiwan buy. The desktop runs the stories
  // tagged @desktop: the back office, and the storefront screens whose desktop layout differs
  // (header menu and search, accessibility, the main purchase). Decision 078.
  projects: [
    { name: 'desktop', grep: /@desktop/, use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      use: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        userAgent: devices['iPhone 13'].userAgent,
        deviceScaleFactor: 2,
      },
    },
  ],
  webServer: [
    {
      command: 'node apps/server/dist/main.js',
      cwd: repoRoot,
      url: `${baseURL}/healthz`,
      env: {
        PORT: port,
        HOST: '127.0.0.1',
        // The shop's public origin is the one the browser uses: payment forms post to it (CSP form-action).
        PUBLIC_URL: baseURL,
        DATA_DIR: process.env.SHOP_E2E_DATA_DIR,
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
        NODE_ENV: 'test',
        SEED_DEMO: 'true',
        // The member factory names a client address per new member (X-Forwarded-For), so the SMS
        // limit per address (10 codes an hour) counts each story's member by itself.
        TRUST_PROXY: 'loopback',
        // 信用卡（銀行） is off by default (decision 060); the stories pay with it on the simulator.
        BANKCARD_MODE: 'simulator',
        // LINE Login and the official account are off by default (issue 41); the stories use their simulator.
        LINE_LOGIN_MODE: 'simulator',
        LINE_MESSAGING_MODE: 'simulator',
        // Pages rendered on threads, as in production on the embedded database (decision 065).
        RENDER_THREADS: '2',
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node apps/server/dist/main.js',
      cwd: repoRoot,
      url: `${process.env.SHOP_E2E_SHORT_TOKEN_URL}/healthz`,
      env: {
        PORT: shortTokenPort,
        HOST: '127.0.0.1',
        DATA_DIR: process.env.SHOP_E2E_SHORT_TOKEN_DATA_DIR,
        DATABASE_URL: '',
        NODE_ENV: 'test',
        SEED_DEMO: 'true',
        TRUST_PROXY: 'loopback',
        ACCESS_TOKEN_TTL_SECONDS: process.env.SHOP_E2E_SHORT_TOKEN_SECONDS,
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
