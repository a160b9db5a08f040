// `npm run check:cycles` (issue 44 item 3): no import cycle in the shop's code, type-only imports
// included. ESLint's import-x/no-cycle skips type-only imports, which is how the routes and
// modules/index.ts once went round in a circle unnoticed; dependency-cruiser reads the TypeScript
// before compilation (tsPreCompilationDeps), so it sees them.
/* global module */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module that reaches itself through its imports (type-only ones included).',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/builds/', '/build/', '/dist/', '\\.react-router/', 'db/migrations/'] },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
