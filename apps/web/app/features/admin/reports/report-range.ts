// Which days the report page shows, from its address: a preset (today, 7 days, 30 days, this month,
// last month) counted on the shop's Taiwan calendar, or the custom from/to the owner typed.
import { presetRange, SALES_RANGE_PRESETS, type SalesRangePreset } from '@shop/domain';

export type ReportRangeChoice = SalesRangePreset | 'custom';

export interface ReportRange {
  choice: ReportRangeChoice;
  from: string;
  to: string;
}

/** The preset the page opens with. */
export const DEFAULT_RANGE: SalesRangePreset = '30d';

const isPreset = (value: string | null): value is SalesRangePreset =>
  (SALES_RANGE_PRESETS as readonly string[]).includes(value ?? '');

/** `?range=7d`, or `?range=custom&from=&to=` (also from/to alone); the server checks the dates. */
export function readReportRange(params: URLSearchParams, now: Date): ReportRange {
  const range = params.get('range');
  const from = params.get('from')?.trim() ?? '';
  const to = params.get('to')?.trim() ?? '';
  if (range === 'custom' || (!range && (from || to))) return { choice: 'custom', from, to };
  const choice = isPreset(range) ? range : DEFAULT_RANGE;
  return { choice, ...presetRange(choice, now) };
}
