// The system Chromium as the browser stories and the bench's Lighthouse both start it: as root in a
// container (no sandbox), without a GPU or the small /dev/shm, and with no background downloads or
// first-run pages that would add noise to a run.
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
