import { useId, useState } from 'react';
import { BrandPosition } from '@shop/domain';
import { logout, memberLevelClass, type Session } from '../../features/auth/session.ts';
import { imageUrl } from '../../lib/image-url.ts';
import type { MenuEntry } from '../../lib/menu-model.ts';
import { hrefWithQuery } from '../../lib/referral-code.ts';
import { ChevronIcon, UserIcon } from '../icons.tsx';
import { KeywordSearch } from '../keyword-search.tsx';
import { ShopLink } from '../shop-link.tsx';
import { ProductTypeMenu } from './product-type-menu.tsx';

/** spec §2 member-centre submenu; the terms pages read the brand position from `t`. */
export const MEMBER_CENTRE_LINKS = [
  { label: '會員說明', to: hrefWithQuery('/terms/members', { t: BrandPosition.Member }) },
  { label: '購物須知', to: hrefWithQuery('/terms/shopping', { t: BrandPosition.Shopping }) },
  { label: '常見問題', to: '/terms/problem' },
  { label: '服務條款', to: hrefWithQuery('/terms/service', { t: BrandPosition.Terms }) },
  { label: '隱私權聲明', to: hrefWithQuery('/terms/privacy', { t: BrandPosition.Privacy }) },
] as const;

interface SideMenuProps {
  session: Session;
  menu: MenuEntry[] | null;
  sharingZone: string | null;
  courses: string | null;
  onNavigate: () => void;
}

/** The member's avatar, name and level, or the way to log in. */
function MemberBlock({ session, onNavigate }: Pick<SideMenuProps, 'session' | 'onNavigate'>) {
  const member = session.member;
  return (
    <div
      className={`side-menu__member${member?.levelName ? ` ${memberLevelClass(member.levelName, member.levelStyle)}` : ''}`}
    >
      {session.loggedIn ? (
        <>
          {member?.avatar ? (
            <img className="side-menu__avatar" src={imageUrl(member.avatar)} alt="" width={56} height={56} />
          ) : (
            <span className="side-menu__avatar side-menu__avatar--blank" aria-hidden="true">
              <UserIcon size={28} />
            </span>
          )}
          <div>
            <ShopLink className="side-menu__name" to="/member/personal-info" onClick={onNavigate}>
              {member?.name || '會員'}
            </ShopLink>
            {member?.levelName ? <p className="side-menu__level">{member.levelName}</p> : null}
          </div>
        </>
      ) : (
        <>
          <span className="side-menu__avatar side-menu__avatar--blank" aria-hidden="true">
            <UserIcon size={28} />
          </span>
          <ShopLink className="side-menu__name" to="/login" onClick={onNavigate}>
            請先登入會員
          </ShopLink>
        </>
      )}
    </div>
  );
}

/** 會員中心 (the terms pages, open at first), then 會員專區 and 登出, or 訂單查詢 for a guest. */
function MemberCentreNav({ session, onNavigate }: Pick<SideMenuProps, 'session' | 'onNavigate'>) {
  const [centreOpen, setCentreOpen] = useState(true);
  const centreId = useId();
  return (
    <nav aria-label="會員中心">
      <ul className="side-menu__list">
        <li>
          <button
            type="button"
            className="side-menu__toggle"
            aria-expanded={centreOpen}
            aria-controls={centreId}
            onClick={() => setCentreOpen((open) => !open)}
          >
            會員中心
            <ChevronIcon size={16} />
          </button>
          <ul id={centreId} className="side-menu__sublist" hidden={!centreOpen}>
            {MEMBER_CENTRE_LINKS.map((link) => (
              <li key={link.to}>
                <ShopLink to={link.to} markCurrent onClick={onNavigate}>
                  {link.label}
                </ShopLink>
              </li>
            ))}
          </ul>
        </li>
        {session.loggedIn ? (
          <>
            <li>
              <ShopLink to="/member" markCurrent onClick={onNavigate}>
                會員專區
              </ShopLink>
            </li>
            <li>
              <button type="button" className="side-menu__logout" onClick={logout}>
                登出
              </button>
            </li>
          </>
        ) : (
          // spec §2: logged-in members do not see the order lookup item here.
          <li>
            <ShopLink to="/searching-order" markCurrent onClick={onNavigate}>
              訂單查詢
            </ShopLink>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** The side menu of spec §2 (inside the drawer): member block, search, product menu on phones, member centre. */
export function SideMenu({ session, menu, sharingZone, courses, onNavigate }: SideMenuProps) {
  return (
    <div className="side-menu">
      <MemberBlock session={session} onNavigate={onNavigate} />

      <KeywordSearch className="side-menu__search" onSearch={onNavigate} />

      {menu ? (
        <nav className="side-menu__products" aria-label="商品分類">
          <ProductTypeMenu
            entries={menu}
            sharingZone={sharingZone}
            courses={courses}
            variant="drawer"
            onNavigate={onNavigate}
          />
        </nav>
      ) : null}

      <MemberCentreNav session={session} onNavigate={onNavigate} />
    </div>
  );
}
