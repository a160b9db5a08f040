// Revenue (bars) and paid orders (line) per day or week, drawn as SVG on the server: it shows before
// hydration and prints as it looks. A chart says nothing to a screen reader beyond its label, so the
// same numbers follow it as a table (issue 42 item 1).
import { formatNtd, type SalesPeriodPoint } from '@shop/domain';
import { axisMoney, chartScale, periodLabel } from './chart-scale.ts';

const W = 720;
const H = 280;
const PAD = { top: 16, right: 44, bottom: 36, left: 72 };
const PLOT_W = W - PAD.left - PAD.right;
const PLOT_H = H - PAD.top - PAD.bottom;
/** About this many dates fit under the bars without touching, at a phone's larger type too. */
const MAX_X_LABELS = 7;

/** Where each number lands: the money axis on the left, the order count on the right. */
function chartGeometry(points: SalesPeriodPoint[]) {
  const money = chartScale(points.map((p) => p.revenue));
  const orders = chartScale(points.map((p) => p.orders));
  const slot = PLOT_W / Math.max(points.length, 1);
  return {
    money,
    orders,
    barW: Math.max(1, Math.min(slot * 0.7, 40)),
    yMoney: (v: number) => PAD.top + ((money.max - v) / (money.max - money.min)) * PLOT_H,
    yOrders: (v: number) => PAD.top + ((orders.max - v) / (orders.max - orders.min)) * PLOT_H,
    x: (i: number) => PAD.left + slot * i + slot / 2,
  };
}

type Geometry = ReturnType<typeof chartGeometry>;

/** The sales by day or week that the chart and its table (report-blocks.tsx) both show. */
export interface SalesPeriods {
  points: SalesPeriodPoint[];
  weekly: boolean;
  caption: string;
}

export function SalesChart({ points, weekly, caption }: SalesPeriods) {
  const g = chartGeometry(points);
  const total = points.reduce((s, p) => s + p.revenue, 0);
  const orderCount = points.reduce((s, p) => s + p.orders, 0);
  const label = `${caption}：${weekly ? '每週' : '每日'}營收長條圖與訂單數折線圖，共 ${points.length} ${weekly ? '週' : '天'}，營收合計 ${formatNtd(total)}，付款訂單 ${orderCount} 筆。詳細數字見下方表格。`;
  return (
    <figure className="bo-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={label}
        className="bo-chart__svg"
        preserveAspectRatio="xMidYMid meet"
      >
        <title>{label}</title>
        <ChartAxes g={g} />
        <RevenueBars points={points} g={g} />
        <OrdersLine points={points} g={g} />
        <PeriodLabels points={points} weekly={weekly} g={g} />
      </svg>
      <figcaption className="bo-chart__legend">
        <span className="bo-chart__key bo-chart__key--bar" aria-hidden="true" /> 營收（左軸，已扣退款）
        <span className="bo-chart__key bo-chart__key--line" aria-hidden="true" /> 付款訂單數（右軸）
      </figcaption>
    </figure>
  );
}

/** The money grid lines with their amounts (left) and the order counts (right). */
function ChartAxes({ g }: { g: Geometry }) {
  return (
    <>
      {g.money.ticks.map((v) => (
        <g key={`m${v}`}>
          <line x1={PAD.left} x2={W - PAD.right} y1={g.yMoney(v)} y2={g.yMoney(v)} className="bo-chart__grid" />
          <text x={PAD.left - 6} y={g.yMoney(v) + 4} textAnchor="end" className="bo-chart__axis">
            {axisMoney(v)}
          </text>
        </g>
      ))}
      {g.orders.ticks.map((v) => (
        <text
          key={`o${v}`}
          x={W - PAD.right + 6}
          y={g.yOrders(v) + 4}
          className="bo-chart__axis bo-chart__axis--orders"
        >
          {v}
        </text>
      ))}
    </>
  );
}

/** A bar per period from the zero line (below it when refunds outweigh sales), then the zero line. */
function RevenueBars({ points, g }: { points: SalesPeriodPoint[]; g: Geometry }) {
  return (
    <>
      {points.map((p, i) => {
        const top = g.yMoney(Math.max(p.revenue, 0));
        const height = Math.abs(g.yMoney(p.revenue) - g.yMoney(0));
        return (
          <rect
            key={p.start}
            x={g.x(i) - g.barW / 2}
            y={top}
            width={g.barW}
            height={Math.max(height, p.revenue === 0 ? 0 : 1)}
            className={p.revenue < 0 ? 'bo-chart__bar bo-chart__bar--negative' : 'bo-chart__bar'}
          />
        );
      })}
      <line x1={PAD.left} x2={W - PAD.right} y1={g.yMoney(0)} y2={g.yMoney(0)} className="bo-chart__zero" />
    </>
  );
}

/** The paid orders as a line, with a dot per period while they are few enough to tell apart. */
function OrdersLine({ points, g }: { points: SalesPeriodPoint[]; g: Geometry }) {
  return (
    <>
      <polyline
        points={points.map((p, i) => `${g.x(i)},${g.yOrders(p.orders)}`).join(' ')}
        className="bo-chart__line"
      />
      {points.length <= 62
        ? points.map((p, i) => (
            <circle key={p.start} cx={g.x(i)} cy={g.yOrders(p.orders)} r={2.5} className="bo-chart__dot" />
          ))
        : null}
    </>
  );
}

function PeriodLabels({ points, weekly, g }: { points: SalesPeriodPoint[]; weekly: boolean; g: Geometry }) {
  const labelEvery = Math.max(1, Math.ceil(points.length / MAX_X_LABELS));
  return (
    <>
      {points.map((p, i) =>
        i % labelEvery === 0 ? (
          <text key={p.start} x={g.x(i)} y={H - 10} textAnchor="middle" className="bo-chart__axis">
            {periodLabel(p, weekly)}
          </text>
        ) : null,
      )}
    </>
  );
}
