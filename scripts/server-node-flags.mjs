// How the shop's process starts Node (docs/decisions/092). `npm start`, the container image, the
// systemd unit of docs/operations.md and the bench all start the server with exactly these;
// apps/server/src/deploy/container-image.test.ts holds the first three to this list.
export const SERVER_NODE_FLAGS = Object.freeze([
  // The main thread holds each page's request while a render thread works on it, 20–60 ms under load.
  // With V8's 16 MB semi-spaces it collected its young generation every second and kept promoting
  // those requests, so its old generation filled and was marked and compacted every second or so,
  // each pause (10–36 ms) stopping every page in flight.
  '--max-semi-space-size=32',
  // V8's helper threads for garbage collection: one fewer than the cores, instead of Node's four. The
  // render threads already keep every core busy (one per core); four helpers on two cores took the
  // cores from the pages they were collecting for.
  '--v8-pool-size=0',
]);

/** The command line that starts the shop: `node <flags> scripts/start.mjs`. */
export const START_COMMAND = ['node', ...SERVER_NODE_FLAGS, 'scripts/start.mjs'];
