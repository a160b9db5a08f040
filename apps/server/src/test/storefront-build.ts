// The storefront's real route modules as a React Router server build, for tests that request pages
// through app.inject on a test database without `npm run build` first: the route tree comes from
// apps/web/app/routes.ts, the modules are the web app's own files, loaded by Vitest's transform.
// The back office's routes are left out (its pages are tested in the browser); /admin/… then
// reaches the storefront's not-found route.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  UNSAFE_withComponentProps as withComponentProps,
  UNSAFE_withErrorBoundaryProps as withErrorBoundaryProps,
  type ServerBuild,
} from 'react-router';
import type { WebBuild } from '../web/request-handler.ts';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/app');

interface RouteConfigEntry {
  id?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  file: string;
  children?: RouteConfigEntry[];
}

interface BuildRoute {
  id: string;
  parentId: string | undefined;
  path: string | undefined;
  index: boolean | undefined;
  caseSensitive: boolean | undefined;
  module: Record<string, unknown>;
}

/**
 * Loaded by a path held in a variable, so the server's type check does not follow it into the web
 * app's JSX (which apps/web type-checks with its own settings).
 */
const load = (file: string): Promise<Record<string, unknown>> => import(/* @vite-ignore */ path.join(appDir, file));

type Component = Parameters<typeof withComponentProps>[0];
type Boundary = Parameters<typeof withErrorBoundaryProps>[0];

/** A route module as React Router's Vite plugin builds it: components get loaderData, params… as props. */
async function routeModule(file: string): Promise<Record<string, unknown>> {
  const module = { ...(await load(file)) };
  if (module.default) module.default = withComponentProps(module.default as Component);
  if (module.ErrorBoundary) module.ErrorBoundary = withErrorBoundaryProps(module.ErrorBoundary as Boundary);
  return module;
}

let built: Promise<ServerBuild> | undefined;

async function storefrontServerBuild(): Promise<ServerBuild> {
  const config = (await load('routes.ts')).default as RouteConfigEntry[];
  const routes: BuildRoute[] = [{ ...(await rootRoute()) }];
  const add = async (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      if (entry.file.startsWith('routes/admin/')) continue;
      // React Router's id for a route without one: its file, without the extension.
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, '');
      routes.push({
        id,
        parentId,
        path: entry.path,
        index: entry.index,
        caseSensitive: entry.caseSensitive,
        module: await routeModule(entry.file),
      });
      if (entry.children) await add(entry.children, id);
    }
  };
  await add(config, 'root');
  return {
    entry: { module: await load('entry.server.tsx') },
    routes: Object.fromEntries(routes.map((r) => [r.id, r])),
    assets: {
      entry: { module: '/assets/entry.client.js', imports: [], css: [] },
      routes: Object.fromEntries(
        routes.map((r) => [
          r.id,
          {
            id: r.id,
            parentId: r.parentId,
            path: r.path,
            index: r.index,
            module: `/assets/${r.id}.js`,
            hasAction: 'action' in r.module,
            hasLoader: 'loader' in r.module,
            hasClientAction: false,
            hasClientLoader: false,
            hasErrorBoundary: 'ErrorBoundary' in r.module,
            imports: [],
            css: [],
          },
        ]),
      ),
      url: '/assets/manifest.js',
      version: 'test',
    },
    basename: '/',
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: { v8_passThroughRequests: true },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  } as unknown as ServerBuild;
}

async function rootRoute(): Promise<BuildRoute> {
  return {
    id: 'root',
    parentId: undefined,
    path: '',
    index: undefined,
    caseSensitive: undefined,
    module: await routeModule('root.tsx'),
  };
}

/** The storefront build (made once per test file) and an empty folder standing in for its browser assets. */
export async function storefrontBuild(): Promise<WebBuild> {
  built ??= storefrontServerBuild();
  return { build: await built, clientDir: fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-client-')) };
}
