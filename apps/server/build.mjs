// Bundles the server into dist/main.js. Workspace code (@shop/domain) is bundled in; npm packages
// stay external and load from node_modules, so native addons (argon2, sharp) work as installed.
// Each file is written beside its place and renamed over it, so a process starting during a
// build never imports half of dist/main.js.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@shop/'));

const result = await build({
  entryPoints: ['src/main.ts', 'src/web/render-thread.ts', 'src/db/seed/cli.ts', 'src/admin/create-owner.ts', 'src/admin/backup.ts', 'src/admin/restore.ts'].filter((f) => fs.existsSync(f)),
  outdir: 'dist',
  outbase: 'src',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, 'react-router', 'react', 'react-dom'],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
  write: false,
});

for (const file of result.outputFiles) {
  fs.mkdirSync(path.dirname(file.path), { recursive: true });
  const temporary = `${file.path}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, file.contents);
  fs.renameSync(temporary, file.path);
}
