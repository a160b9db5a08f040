// The demo's clock: every seeded date is relative to the `now` seedDemo is given, so the activity
// windows and after-sales rules show the same way each run.
import type { Db } from '../client.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const DAY = 86_400_000;
const HOUR = 3_600_000;

export interface DemoClock {
  /** `days` and `hours` from now; negative is before. */
  at: (days: number, hours?: number) => Date;
  /** An activity window in days from now; a side left out is open. */
  window: (w?: { startDays?: number; endDays?: number }) => {
    activityStartTime: Date | null;
    activityEndTime: Date | null;
  };
}

export function demoClock(now: Date): DemoClock {
  const at = (days: number, hours = 0) => new Date(now.getTime() + days * DAY + hours * HOUR);
  const window = (w?: { startDays?: number; endDays?: number }) => ({
    activityStartTime: w?.startDays === undefined ? null : at(w.startDays),
    activityEndTime: w?.endDays === undefined ? null : at(w.endDays),
  });
  return { at, window };
}

/** yyyy-MM-dd of a moment in Asia/Taipei (UTC+8, no daylight saving). */
export function taipeiDate(d: Date): string {
  return new Date(d.getTime() + 8 * HOUR).toISOString().slice(0, 10);
}
