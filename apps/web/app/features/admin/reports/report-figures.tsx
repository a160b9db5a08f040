// The range's headline figures, each beside the period of the same length before it (± %).
import { changePercent, formatNtd, type SalesReport, type SalesTotals } from '@shop/domain';

interface Figure {
  key: keyof SalesTotals;
  label: string;
  format: (n: number) => string;
  /** More is worse (refunds): the change reads as good when it falls. */
  lowerIsBetter?: boolean;
}

const count = (unit: string) => (n: number) => `${n.toLocaleString('en-US')} ${unit}`;

const FIGURES: Figure[] = [
  { key: 'revenue', label: '營收（已扣退款）', format: formatNtd },
  { key: 'orders', label: '付款訂單', format: count('筆') },
  { key: 'average_order_value', label: '平均客單價', format: formatNtd },
  { key: 'refunds', label: '退款', format: formatNtd, lowerIsBetter: true },
  { key: 'new_members', label: '新會員', format: count('人') },
  { key: 'buying_members', label: '購買會員', format: count('人') },
];

function Change({ now, before, lowerIsBetter }: { now: number; before: number; lowerIsBetter?: boolean }) {
  const pct = changePercent(now, before);
  if (pct === null) return <span className="bo-change">前期無資料</span>;
  const tone = pct === 0 ? '' : pct > 0 !== Boolean(lowerIsBetter) ? ' bo-change--up' : ' bo-change--down';
  const arrow = pct > 0 ? '▲' : pct < 0 ? '▼' : '';
  return (
    <span className={`bo-change${tone}`}>
      <span aria-hidden="true">{arrow}</span>
      {pct > 0 ? '增加' : pct < 0 ? '減少' : '持平'} {Math.abs(pct)}%
    </span>
  );
}

export function ReportFigures({ report }: { report: SalesReport }) {
  const { totals, previous } = report;
  return (
    <section className="bo-stats" aria-label="區間摘要">
      {FIGURES.map((f) => (
        <div key={f.key} className="bo-stat">
          <div className="bo-stat__label">{f.label}</div>
          <div className="bo-stat__value">{f.format(totals[f.key])}</div>
          <div className="bo-stat__sub">
            <Change now={totals[f.key]} before={previous.totals[f.key]} lowerIsBetter={f.lowerIsBetter} />
            <span className="bo-change__base">前期 {f.format(previous.totals[f.key])}</span>
          </div>
        </div>
      ))}
    </section>
  );
}
