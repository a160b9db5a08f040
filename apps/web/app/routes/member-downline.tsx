import { Form, useSubmit } from 'react-router';
import { formatNtd, shopDay, taipeiMonth, type DownlineBonusMember } from '@shop/domain';
import type { Route } from './+types/member-downline';
import { ApiError } from '../api/client.ts';
import { getDownlineBonus, getMember } from '../api/members.ts';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { noStoreHeaders, requireMemberId } from '../features/member-centre/member-session.server.ts';
import { SessionRecovery } from '../features/member-centre/session-recovery.tsx';
import { pageMeta } from '../lib/page-meta.ts';

const MONTHS_SHOWN = 12;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '推薦會員');

export const headers = noStoreHeaders;

/** The last 12 Taipei months, newest first. */
function recentMonths(now: Date): string[] {
  const [year, month] = taipeiMonth(now).split('-').map(Number) as [number, number];
  return Array.from({ length: MONTHS_SHOWN }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - i, 1));
    return d.toISOString().slice(0, 7);
  });
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const id = requireMemberId(request, url);
  const asked = url.searchParams.get('month') ?? '';
  const months = recentMonths(new Date());
  try {
    const member = await getMember(context.apiFetch, id);
    const report = await getDownlineBonus(context.apiFetch, member.account, MONTH.test(asked) ? asked : undefined);
    return { report, months, tokenExpired: false };
  } catch (error) {
    // spec §4: an expired token is refreshed, then the page reloads.
    if (error instanceof ApiError && error.status === 401) return { report: null, months, tokenExpired: true };
    throw error;
  }
}

function MemberRow({ m }: { m: DownlineBonusMember }) {
  return (
    <tr className={`downline-row downline-row--level-${m.level}`}>
      <th scope="row" data-label="會員">
        <span className="downline-row__name">{m.name}</span>
        <span className="downline-row__account">{m.account}</span>
      </th>
      <td data-label="推薦層級">{m.level === 1 ? '第一層' : '第二層'}</td>
      <td data-label="會員等級">{m.member_level_name || '—'}</td>
      <td data-label="加入日期">{shopDay(m.created_at)}</td>
      <td data-label="訂單數">{m.order_count}</td>
      <td data-label="核准營業額">{formatNtd(m.approved_revenue)}</td>
      <td data-label="推薦獎金">{formatNtd(m.bonus)}</td>
    </tr>
  );
}

/** spec §6 two-level downline, issue 5: who joined through the member, and this month's revenue bonus. */
export default function MemberDownline({ loaderData }: Route.ComponentProps) {
  const { report, months, tokenExpired } = loaderData;
  const submit = useSubmit();
  if (tokenExpired || !report) return <SessionRecovery state="expired" />;
  const firstLevel = report.members.filter((m) => m.level === 1);
  const below = (id: number) => report.members.filter((m) => m.level === 2 && m.referrer_id === id);
  return (
    <section className="member-section" aria-labelledby="downline-title">
      <h1 id="downline-title" className="member-section__title">
        推薦會員
      </h1>
      <p className="member-section__lead">
        親友註冊時填寫您的手機號碼為推薦人，即成為您的第一層推薦會員；他們再推薦的會員為第二層。訂單出貨並過了 7
        天鑑賞期後，依營業額（不含運費）計算推薦獎金：第一層 {report.percent['1']}%、第二層 {report.percent['2']}
        %，每筆訂單完成時存入您的紅利點數。
      </p>
      <Form method="get" className="downline-month" onChange={(event) => void submit(event.currentTarget)}>
        <label htmlFor="downline-month">月份</label>
        <select id="downline-month" name="month" defaultValue={report.month}>
          {months.map((m) => (
            <option key={m} value={m}>
              {m.replace('-', ' 年 ')} 月
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className="button button--ghost">
            查詢
          </button>
        </noscript>
      </Form>
      <dl className="downline-summary">
        <div>
          <dt>推薦會員</dt>
          <dd>
            {firstLevel.length} 位第一層、{report.members.length - firstLevel.length} 位第二層
          </dd>
        </div>
        <div>
          <dt>核准營業額</dt>
          <dd>{formatNtd(report.total_revenue)}</dd>
        </div>
        <div>
          <dt>推薦獎金</dt>
          <dd className="downline-summary__bonus">{formatNtd(report.total_bonus)}</dd>
        </div>
      </dl>
      {report.members.length === 0 ? (
        <EmptyState text="目前還沒有透過您推薦加入的會員" />
      ) : (
        <table className="downline-table">
          <caption className="visually-hidden">{report.month} 推薦會員與推薦獎金</caption>
          <thead>
            <tr>
              <th scope="col">會員</th>
              <th scope="col">推薦層級</th>
              <th scope="col">會員等級</th>
              <th scope="col">加入日期</th>
              <th scope="col">訂單數</th>
              <th scope="col">核准營業額</th>
              <th scope="col">推薦獎金</th>
            </tr>
          </thead>
          <tbody>
            {firstLevel.flatMap((m) => [
              <MemberRow key={m.id} m={m} />,
              ...below(m.id).map((s) => <MemberRow key={s.id} m={s} />),
            ])}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
