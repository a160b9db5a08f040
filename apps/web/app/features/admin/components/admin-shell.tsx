import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Form, Link, useLocation } from 'react-router';
import type { StaffMe } from '../admin-api.server.ts';
import { navFor } from '../admin-nav.ts';

const ROLE_LABEL = { owner: '店長', staff: '店員' } as const;

/**
 * The entry of the page being shown (its own path or a page under it). Link with aria-current rather
 * than NavLink: NavLink would add its code to the router chunk every storefront page loads.
 */
export function isCurrent(pathname: string, to: string, end = false): boolean {
  return end ? pathname === to : pathname === to || pathname.startsWith(`${to}/`);
}

/**
 * Side navigation, top bar (who is signed in, the storefront, sign out) and the page. On a phone
 * (issue 20 item 13) the navigation is a menu behind 「選單」, so the page gets the whole width.
 */
export function AdminShell({ staff, children }: { staff: StaffMe; children: ReactNode }) {
  const { pathname } = useLocation();
  // The page the menu was opened on: choosing another page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setOpenOn(null);
    document.getElementById('bo-menu-toggle')?.focus();
  };
  return (
    <div className={`bo-shell${menuOpen ? ' is-menu-open' : ''}`} onKeyDown={closeOnEscape}>
      <a className="bo-skip" href="#bo-main">
        跳到主要內容
      </a>
      <nav id="bo-nav" className="bo-nav" aria-label="後台選單">
        <Link to="/admin" className="bo-nav__brand">
          商店後台
        </Link>
        {navFor(staff.role).map((group) => (
          <div key={group.label}>
            <p className="bo-nav__group">{group.label}</p>
            <ul>
              {group.items.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    prefetch="intent"
                    aria-current={isCurrent(pathname, item.to, item.end) ? 'page' : undefined}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <div className="bo-main">
        <header className="bo-topbar">
          <button
            type="button"
            id="bo-menu-toggle"
            className="bo-button bo-button--small bo-menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="bo-nav"
            onClick={() => setOpenOn(menuOpen ? null : pathname)}
          >
            {menuOpen ? '關閉選單' : '選單'}
          </button>
          {/* A full page load: the storefront brings its own stylesheet and data. */}
          <a href="/" target="_blank" rel="noopener" className="bo-button bo-button--small">
            查看前台
          </a>
          <span className="bo-topbar__who">
            {staff.name || staff.account}（{ROLE_LABEL[staff.role]}）
          </span>
          <Form method="post" action="/admin/logout" reloadDocument>
            <button type="submit" className="bo-button bo-button--small">
              登出
            </button>
          </Form>
        </header>
        <main id="bo-main" className="bo-content">
          {children}
        </main>
      </div>
    </div>
  );
}
