import type { Route } from './+types/member-overview';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { noStoreHeaders } from '../features/member-centre/member-session.server.ts';
import { useMember } from '../features/member-centre/use-member.ts';
import { imageUrl } from '../lib/image-url.ts';
import { pageMeta } from '../lib/page-meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '會員中心');

export const headers = noStoreHeaders;

/** spec §2 /member, issue 5: greeting, level and the balances of spec §3 member_bonus. */
export default function MemberOverview() {
  const member = useMember();
  const bonus = member.member_bonus;
  const level = member.member_level;
  const levelPic = imageUrl(level?.pic);
  const rate = level?.bonus_rate ?? 0;
  // Issue 21: the two balances something writes. Coupons and member points come with their own features.
  const balances = [
    { label: '紅利點數', value: bonus.bonus.toLocaleString('zh-TW'), note: '結帳時 1 點折抵 NT$1' },
    {
      label: '待入帳紅利',
      value: bonus.tmp_bonus.toLocaleString('zh-TW'),
      note: '已付款訂單的回饋，鑑賞期結束後轉為紅利點數；退貨時扣回',
    },
  ];
  return (
    <section className="member-section" aria-labelledby="member-overview-title">
      <h1 id="member-overview-title" className="member-section__title">
        {member.name ? `${member.name}，您好` : '會員中心'}
      </h1>
      <div className="member-level-card">
        {levelPic ? <img src={levelPic} alt="" width={56} height={56} /> : null}
        <div>
          <p className="member-level-card__label">目前會員等級</p>
          <p className="member-level-card__name">{level?.name ?? '一般會員'}</p>
          {rate > 0 ? <p className="member-level-card__perk">每消費 NT$100 回饋 {rate} 點紅利</p> : null}
        </div>
      </div>
      <h2 className="visually-hidden">我的紅利</h2>
      <ul className="balance-grid">
        {balances.map((b) => (
          <li key={b.label} className="balance-card">
            <p className="balance-card__label">{b.label}</p>
            <p className="balance-card__value">
              {b.value}
              <span className="balance-card__unit">點</span>
            </p>
            <p className="balance-card__note">{b.note}</p>
          </li>
        ))}
      </ul>
      <h2 className="member-section__subtitle">快速前往</h2>
      <ul className="member-shortcuts">
        <li>
          <ShopLink to="/member/orders" className="member-shortcut">
            <strong>我的訂單</strong>
            <span>查看訂單進度、取消與退貨申請</span>
          </ShopLink>
        </li>
        <li>
          <ShopLink to="/member/personal-info" className="member-shortcut">
            <strong>個人資料</strong>
            <span>修改姓名、地址與密碼</span>
          </ShopLink>
        </li>
        <li>
          <ShopLink to="/member/downline" className="member-shortcut">
            <strong>推薦會員</strong>
            <span>您推薦的會員與推薦獎金</span>
          </ShopLink>
        </li>
      </ul>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
