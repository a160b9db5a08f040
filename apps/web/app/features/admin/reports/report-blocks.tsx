// The report's blocks: each a card with its heading and its own CSV export (issue 42 item 1), and the
// tables that say each block's numbers.
import type { ReactNode } from 'react';
import type { SalesPeriods } from './sales-chart.tsx';
import { formatNtd, labelOf, msg, salesReportBlockLabel, type SalesReport, type SalesReportBlock } from '@shop/domain';

export function ReportBlock({
  block,
  exportQuery,
  title = salesReportBlockLabel[block],
  children,
}: {
  block: SalesReportBlock;
  exportQuery: string;
  title?: string;
  children: ReactNode;
}) {
  const id = `report-${block}`;
  return (
    <section className="bo-card bo-report-block" aria-labelledby={id}>
      <div className="bo-report-block__head">
        <h2 id={id}>{title}</h2>
        {/* A file download, not a page: the browser saves what the export route answers. */}
        <a className="bo-button bo-button--small" href={`/admin/reports/export?${exportQuery}&block=${block}`} download>
          匯出 CSV<span className="bo-visually-hidden">（{title}）</span>
        </a>
      </div>
      {children}
    </section>
  );
}

const Num = ({ children }: { children: ReactNode }) => <td className="bo-num">{children}</td>;
const Head = ({ children, num }: { children: ReactNode; num?: boolean }) => (
  <th scope="col" className={num ? 'bo-num' : undefined}>
    {children}
  </th>
);

type Figures = { orders: number; revenue: number; refunds: number };

/** Paid orders, revenue and refunds, a row each; `rowHead` draws the row's own heading cell. */
function FiguresTable<R extends Figures>({
  className,
  caption,
  heading,
  revenueHeading,
  rows,
  rowKey,
  rowHead,
}: {
  className: string;
  caption?: ReactNode;
  heading: string;
  revenueHeading: string;
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  rowHead: (row: R) => ReactNode;
}) {
  return (
    <div className={className}>
      <table className="bo-table">
        {caption}
        <thead>
          <tr>
            <Head>{heading}</Head>
            <Head num>付款訂單</Head>
            <Head num>{revenueHeading}</Head>
            <Head num>退款</Head>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)}>
              {rowHead(r)}
              <Num>{r.orders}</Num>
              <Num>{formatNtd(r.revenue)}</Num>
              <Num>{formatNtd(r.refunds)}</Num>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The chart's numbers, one row per day or week. */
export function PeriodTable({ points, weekly, caption }: SalesPeriods) {
  return (
    <FiguresTable
      className="bo-table-wrap bo-report-scroll"
      caption={<caption className="bo-visually-hidden">{caption}（表格）</caption>}
      heading={weekly ? '週（起迄）' : '日期'}
      revenueHeading="營收（已扣退款）"
      rows={points}
      rowKey={(p) => p.start}
      rowHead={(p) => (
        <th scope="row" className="bo-nowrap">
          {weekly ? `${p.start} ～ ${p.end}` : p.start}
        </th>
      )}
    />
  );
}

type MethodRow = Figures & { key: number; name: string };

/** Revenue by a way of paying or delivering, with a bar of its share. */
export function MethodTable({ rows, heading }: { rows: MethodRow[]; heading: string }) {
  if (rows.length === 0) return <p className="bo-empty">這段期間沒有付款訂單</p>;
  const top = Math.max(1, ...rows.map((r) => Math.abs(r.revenue)));
  return (
    <FiguresTable
      className="bo-table-wrap"
      heading={heading}
      revenueHeading="營收"
      rows={rows}
      rowKey={(r) => r.key}
      rowHead={(r) => (
        <th scope="row">
          {r.name}
          <span className="bo-share" aria-hidden="true">
            <span style={{ width: `${Math.round((Math.max(r.revenue, 0) / top) * 100)}%` }} />
          </span>
        </th>
      )}
    />
  );
}

export const paymentRows = (report: SalesReport): MethodRow[] =>
  report.by_payment_type.map((r) => ({
    key: r.payment_type,
    name: labelOf(msg.paymentMethodLabel, r.payment_type),
    ...r,
  }));

export const deliveryRows = (report: SalesReport): MethodRow[] =>
  report.by_delivery_method.map((r) => ({
    key: r.delivery_method,
    name: labelOf(msg.deliveryMethodLabel, r.delivery_method),
    ...r,
  }));

/** A list under a visible caption, the first row the largest: the best-sellers, the reasons. */
function RankedTable({ caption, head, children }: { caption: string; head: ReactNode; children: ReactNode }) {
  return (
    <div className="bo-table-wrap">
      <table className="bo-table">
        <caption className="bo-report-caption">{caption}</caption>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

type ProductRow = SalesReport['top_specs'][number] | SalesReport['top_products'][number];

/** A best-seller list, ranked. */
export function ProductTable({ rows, caption, withSpec }: { rows: ProductRow[]; caption: string; withSpec?: boolean }) {
  if (rows.length === 0) return <p className="bo-empty">這段期間沒有售出商品</p>;
  return (
    <RankedTable
      caption={caption}
      head={
        <>
          <Head num>名次</Head>
          <Head>商品</Head>
          {withSpec ? <Head>規格</Head> : null}
          <Head num>件數</Head>
          <Head num>銷售金額</Head>
        </>
      }
    >
      {rows.map((r, i) => (
        <tr key={`${r.products_id}-${'spec_id' in r ? r.spec_id : 0}`}>
          <Num>{i + 1}</Num>
          <th scope="row">{r.name}</th>
          {withSpec ? <td>{'spec_name' in r ? r.spec_name : ''}</td> : null}
          <Num>{r.units}</Num>
          <Num>{formatNtd(r.revenue)}</Num>
        </tr>
      ))}
    </RankedTable>
  );
}

/** Why shoppers cancelled or returned, the most given reason first. */
export function ReasonTable({ rows, caption }: { rows: { reason: string; count: number }[]; caption: string }) {
  return (
    <RankedTable
      caption={caption}
      head={
        <>
          <Head>原因</Head>
          <Head num>件數</Head>
        </>
      }
    >
      {rows.length === 0 ? (
        <tr>
          <td colSpan={2} className="bo-empty">
            沒有申請
          </td>
        </tr>
      ) : (
        rows.map((r) => (
          <tr key={r.reason}>
            <td>{r.reason || '（未填寫）'}</td>
            <Num>{r.count}</Num>
          </tr>
        ))
      )}
    </RankedTable>
  );
}
