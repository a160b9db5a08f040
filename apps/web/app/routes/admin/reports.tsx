import { Form } from 'react-router';
import type { Route } from './+types/reports';
import {
  chartPeriods,
  salesRangePresetLabel,
  SALES_RANGE_PRESETS,
  SALES_REPORT_WEEKLY_AFTER_DAYS,
  type SalesReport,
} from '@shop/domain';
import { ApiError, unwrap } from '../../api/client.ts';
import { staffApi } from '../../features/admin/admin-api.server.ts';
import { adminMeta } from '../../features/admin/admin-meta.ts';
import { AdminRouteError } from '../../features/admin/components/admin-route-error.tsx';
import { PageHeader } from '../../features/admin/components/page-parts.tsx';
import {
  deliveryRows,
  MethodTable,
  paymentRows,
  PeriodTable,
  ProductTable,
  ReasonTable,
  ReportBlock,
} from '../../features/admin/reports/report-blocks.tsx';
import { ReportFigures } from '../../features/admin/reports/report-figures.tsx';
import { readReportRange } from '../../features/admin/reports/report-range.ts';
import { SalesChart } from '../../features/admin/reports/sales-chart.tsx';
import reportStyles from '../../styles/admin-reports.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: reportStyles }];

export const meta: Route.MetaFunction = () => adminMeta('銷售報表');

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const range = readReportRange(url.searchParams, new Date());
  const query = new URLSearchParams({ from: range.from, to: range.to }).toString();
  const res = await staffApi({ request, url, context })(`/api/v1/admin/reports/sales?${query}`);
  if (res.status === 403 || res.status === 404) throw new Response(null, { status: res.status });
  try {
    return { range, query, report: await unwrap<SalesReport>(res), problem: null };
  } catch (err) {
    // A bad custom range is said on the page, beside the fields that can fix it.
    if (err instanceof ApiError && err.status === 400) {
      const problem = err.errors.map((e) => e.msg).join('、') || err.message;
      return { range, query, report: null, problem };
    }
    throw err;
  }
}

function RangeForm({ range }: { range: Route.ComponentProps['loaderData']['range'] }) {
  return (
    <Form method="get" className="bo-toolbar bo-card bo-report-range" aria-label="報表期間">
      <div className="bo-field">
        <label htmlFor="r-range">期間</label>
        <select id="r-range" name="range" className="bo-select" defaultValue={range.choice}>
          {[...SALES_RANGE_PRESETS, 'custom' as const].map((choice) => (
            <option key={choice} value={choice}>
              {salesRangePresetLabel[choice]}
            </option>
          ))}
        </select>
      </div>
      <div className="bo-field">
        <label htmlFor="r-from">自訂起日</label>
        <input id="r-from" name="from" type="date" className="bo-input" defaultValue={range.from} />
      </div>
      <div className="bo-field">
        <label htmlFor="r-to">自訂迄日</label>
        <input id="r-to" name="to" type="date" className="bo-input" defaultValue={range.to} />
      </div>
      <div className="bo-toolbar__buttons">
        <button type="submit" className="bo-button bo-button--primary">
          查看報表
        </button>
      </div>
      <p className="bo-report-range__hint">選「自訂」時以起迄日為準，最多 366 天；日期皆為台灣時間。</p>
    </Form>
  );
}

function Definitions() {
  return (
    <details className="bo-card bo-report-definitions" open>
      <summary>數字怎麼算</summary>
      <ul>
        <li>營收：已付款訂單實際支付的金額（含運費，不含紅利點數與各項折扣），算在付款當天。</li>
        <li>退款：在退款當天從營收扣除；取消且未付款的訂單不列入任何數字。</li>
        <li>日期一律為台灣時間（Asia/Taipei）：UTC 23:30 付款的訂單算在台灣的隔天。</li>
        <li>平均客單價＝付款金額 ÷ 付款訂單數（未扣退款）；購買會員為期間內有付款訂單的會員人數。</li>
        <li>熱銷商品以付款日計算件數與品項金額（售價 × 件數，未扣整筆訂單的折扣與退貨）。</li>
        <li>比較對象為緊接在前、天數相同的期間。</li>
      </ul>
    </details>
  );
}

function Report({ report, query }: { report: SalesReport; query: string }) {
  const points = chartPeriods(report.days);
  const weekly = report.days.length > SALES_REPORT_WEEKLY_AFTER_DAYS;
  const caption = `${report.from} 至 ${report.to}`;
  return (
    <>
      <p className="bo-report-period">
        {caption}（比較：{report.previous.from} 至 {report.previous.to}）
      </p>
      <ReportFigures report={report} />
      <ReportBlock block="days" exportQuery={query} title={weekly ? '每週營收與訂單' : '每日營收與訂單'}>
        <SalesChart points={points} weekly={weekly} caption={caption} />
        <PeriodTable points={points} weekly={weekly} caption={caption} />
      </ReportBlock>
      <div className="bo-report-pair">
        <ReportBlock block="payment" exportQuery={query}>
          <MethodTable rows={paymentRows(report)} heading="付款方式" />
        </ReportBlock>
        <ReportBlock block="delivery" exportQuery={query}>
          <MethodTable rows={deliveryRows(report)} heading="配送方式" />
        </ReportBlock>
      </div>
      <ReportBlock block="products" exportQuery={query} title="熱銷商品 前 20 名">
        <div className="bo-report-pair">
          <ProductTable rows={report.top_products} caption="依件數" />
          <ProductTable rows={report.top_products_by_revenue} caption="依銷售金額" />
        </div>
      </ReportBlock>
      <ReportBlock block="specs" exportQuery={query} title="熱銷規格 前 20 名（依件數）">
        <ProductTable rows={report.top_specs} caption="依件數" withSpec />
      </ReportBlock>
      <ReportBlock block="after_sales" exportQuery={query}>
        <p>
          期間內申請取消 <strong>{report.after_sales.cancellations}</strong> 筆、申請退貨{' '}
          <strong>{report.after_sales.returns}</strong> 筆。
        </p>
        <div className="bo-report-pair">
          <ReasonTable rows={report.after_sales.cancel_reasons} caption="取消原因" />
          <ReasonTable rows={report.after_sales.return_reasons} caption="退貨原因" />
        </div>
      </ReportBlock>
    </>
  );
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { range, query, report, problem } = loaderData;
  return (
    <>
      <PageHeader title="銷售報表" description="營收、訂單、熱銷商品與退款，和前一段同樣長的期間比較" />
      <RangeForm range={range} />
      {problem ? (
        <p className="bo-notice bo-notice--error" role="alert">
          {problem}
        </p>
      ) : null}
      <Definitions />
      {report ? <Report report={report} query={query} /> : null}
    </>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
