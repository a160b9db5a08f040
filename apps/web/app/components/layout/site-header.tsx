import { useState } from 'react';
import { useLocation } from 'react-router';
import { useCartCount } from '../../features/cart/cart-count.ts';
import { logout, type Session } from '../../features/auth/session.ts';
import { imageUrl } from '../../lib/image-url.ts';
import type { MenuEntry } from '../../lib/menu-model.ts';
import { CartIcon, LogoutIcon, MenuIcon, OrderIcon, UserIcon } from '../icons.tsx';
import { KeywordSearch } from '../keyword-search.tsx';
import { ShopLink } from '../shop-link.tsx';
import { ModalFrame } from '../ui/modal-frame.tsx';
import { ProductTypeMenu } from './product-type-menu.tsx';
import { useScrollReading } from './scroll-reading.ts';
import { SideMenu } from './side-menu.tsx';

/** spec §2/§9: header style changes after 200 px ("moved") and 500 px ("fixed") of scroll. */
export function headerScrollState(scrollY: number): 'top' | 'moved' | 'fixed' {
  if (scrollY > 500) return 'fixed';
  if (scrollY > 200) return 'moved';
  return 'top';
}

const readHeaderScrollState = () => headerScrollState(window.scrollY);

/** 訂單查詢 or 我的訂單, 會員, 登出 for a member, and the cart with its count. */
function HeaderActions({ session, cartCount }: { session: Session; cartCount: number }) {
  return (
    <nav className="site-header__actions" aria-label="會員與購物車">
      <ul>
        <li>
          {/* spec §2: guests see 訂單查詢; members an order entry to the same route. */}
          <ShopLink to="/searching-order" markCurrent className="header-action">
            <OrderIcon />
            <span className="header-action__label">{session.loggedIn ? '我的訂單' : '訂單查詢'}</span>
          </ShopLink>
        </li>
        <li>
          <ShopLink to="/member" markCurrent className="header-action">
            <UserIcon />
            <span className="header-action__label">{session.member?.name || '會員'}</span>
          </ShopLink>
        </li>
        {session.loggedIn ? (
          <li className="site-header__action--wide">
            <button type="button" className="header-action" onClick={logout}>
              <LogoutIcon />
              <span className="header-action__label">登出</span>
            </button>
          </li>
        ) : null}
        <li>
          <ShopLink
            to="/cart"
            markCurrent
            className="header-action header-action--cart"
            aria-label={`購物車，${cartCount} 項`}
          >
            <CartIcon />
            <span className="header-action__label" aria-hidden="true">
              購物車
            </span>
            <span className="cart-badge" aria-hidden="true" data-count={cartCount}>
              {cartCount}
            </span>
          </ShopLink>
        </li>
      </ul>
    </nav>
  );
}

interface SiteHeaderProps {
  siteTitle: string;
  logo: string;
  session: Session;
  menu: MenuEntry[] | null;
  sharingZone: string | null;
  /** The 課程 link (/courses), only while a course is shown. */
  courses: string | null;
}

export function SiteHeader({ siteTitle, logo, session, menu, sharingZone, courses }: SiteHeaderProps) {
  const scrollState = useScrollReading(readHeaderScrollState, 'top');
  const cartCount = useCartCount(session.loggedIn);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const closeDrawer = () => setDrawerOpen(false);

  // A navigation (back button included) always closes the mobile menu: adjust state while rendering.
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (seenLocation !== location.key) {
    setSeenLocation(location.key);
    setDrawerOpen(false);
  }

  const logoSrc = imageUrl(logo);
  return (
    <header className={`site-header site-header--${scrollState}`}>
      <div className="site-header__bar container">
        <button
          type="button"
          className="icon-button site-header__menu-button"
          aria-label="開啟選單"
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
        >
          <MenuIcon />
        </button>
        <ShopLink to="/" className="site-header__logo" aria-label={`${siteTitle || '商店'} 首頁`}>
          {logoSrc ? <img src={logoSrc} alt={siteTitle} width={160} height={48} /> : <span>{siteTitle}</span>}
        </ShopLink>
        <KeywordSearch className="site-header__search" />
        <HeaderActions session={session} cartCount={cartCount} />
      </div>
      {menu ? (
        <nav className="site-header__nav" aria-label="商品分類">
          <div className="container">
            <ProductTypeMenu entries={menu} sharingZone={sharingZone} courses={courses} variant="bar" />
          </div>
        </nav>
      ) : null}
      <ModalFrame open={drawerOpen} title="選單" onClose={closeDrawer} variant="drawer">
        <SideMenu session={session} menu={menu} sharingZone={sharingZone} courses={courses} onNavigate={closeDrawer} />
      </ModalFrame>
    </header>
  );
}
