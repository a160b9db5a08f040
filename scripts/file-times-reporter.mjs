// A Vitest reporter that writes each test file's whole time (its import, set-up, hooks and tests) to
// the JSON file named by VITEST_FILE_TIMES, for the slow-file guard of scripts/test-phases.mjs. The
// JSON reporter's start and end times leave out the import and the set-up, often most of a file.
import fs from 'node:fs';

export default class FileTimesReporter {
  times = [];

  onTestModuleEnd(testModule) {
    const d = testModule.diagnostic();
    const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    this.times.push({ file: testModule.moduleId, seconds: ms / 1000 });
  }

  onTestRunEnd() {
    if (process.env.VITEST_FILE_TIMES) fs.writeFileSync(process.env.VITEST_FILE_TIMES, JSON.stringify(this.times));
  }
}
