import { ShopLink } from '../../components/shop-link.tsx';
import { logout } from '../auth/session.ts';

/** The member centre's sections; `/member/orders` is the orders area's page inside this layout. */
export function memberSections(isInfluencer: boolean) {
  return [
    { to: '/member', label: '會員總覽', end: true },
    { to: '/member/orders', label: '我的訂單', end: false },
    { to: '/member/wishlist', label: '收藏清單', end: false },
    { to: '/member/personal-info', label: '個人資料', end: false },
    { to: '/member/downline', label: '推薦會員', end: false },
    ...(isInfluencer ? [{ to: '/member/influencer', label: '網紅專區', end: false }] : []),
  ];
}

/** Side menu on a desktop, a row of tabs on a phone. */
export function MemberNav({ isInfluencer, pathname }: { isInfluencer: boolean; pathname: string }) {
  return (
    <nav className="member-nav" aria-label="會員中心選單">
      <ul>
        {memberSections(isInfluencer).map((section) => {
          const current = section.end ? pathname === section.to : pathname.startsWith(section.to);
          return (
            <li key={section.to}>
              <ShopLink
                to={section.to}
                className={`member-nav__link${current ? ' member-nav__link--current' : ''}`}
                aria-current={current ? 'page' : undefined}
              >
                {section.label}
              </ShopLink>
            </li>
          );
        })}
        <li className="member-nav__logout">
          <button type="button" className="member-nav__link" onClick={logout}>
            登出
          </button>
        </li>
      </ul>
    </nav>
  );
}
