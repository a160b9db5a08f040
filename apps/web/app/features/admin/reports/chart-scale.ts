// The numbers behind the sales chart's axes: round steps that cover the data, compact NT$ labels
// (萬 as a Taiwan owner reads them), and a short date per bar.
import type { SalesPeriodPoint } from '@shop/domain';

export interface ChartScale {
  min: number;
  max: number;
  ticks: number[];
}

/** 1, 2 or 5 times a power of ten: the step that puts about four lines over `span`. */
function niceStep(span: number): number {
  const raw = span / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

/** An axis from 0 (or the lowest negative value) to just over the highest value, in round steps. */
export function chartScale(values: readonly number[]): ChartScale {
  const high = Math.max(0, ...values);
  const low = Math.min(0, ...values);
  if (high === low) return { min: 0, max: 1, ticks: [0] };
  const step = Math.max(1, niceStep(high - low));
  const min = Math.floor(low / step) * step;
  const max = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  for (let v = min; v <= max; v += step) ticks.push(v);
  return { min, max, ticks };
}

/** NT$ on an axis: 8,000 / 1.2萬 / 150萬. */
export function axisMoney(amount: number): string {
  const abs = Math.abs(amount);
  const sign = amount < 0 ? '-' : '';
  if (abs >= 10_000) return `${sign}${Number((abs / 10_000).toFixed(abs >= 1_000_000 ? 0 : 1))}萬`;
  return `${sign}${abs.toLocaleString('en-US')}`;
}

/** `8/20`, or the week's first day for weekly bars. */
export function periodLabel(point: SalesPeriodPoint, weekly: boolean): string {
  const [, m, d] = point.start.split('-');
  const text = `${Number(m)}/${Number(d)}`;
  return weekly ? `${text}起` : text;
}
