// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes, useLocation } from 'react-router';
import { ShopLink, ShopLinkNavigation, useShopNavigate } from './shop-link.tsx';

afterEach(cleanup);

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function SearchButton() {
  const navigate = useShopNavigate();
  return (
    <button type="button" onClick={() => navigate('/searching?keyword=茶')}>
      搜尋
    </button>
  );
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <ShopLinkNavigation>
        <ShopLink to="/products?t=3&sn=9">商品</ShopLink>
        <ShopLink to="/news" markCurrent>
          最新消息
        </ShopLink>
        <SearchButton />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </ShopLinkNavigation>
    </MemoryRouter>,
  );
}

describe('ShopLink', () => {
  it('merges the current code into the link', () => {
    renderAt('/?code=DEMOKOL');
    expect(screen.getByRole('link', { name: '商品' }).getAttribute('href')).toBe('/products?t=3&sn=9&code=DEMOKOL');
    expect(screen.getByRole('link', { name: '最新消息' }).getAttribute('href')).toBe('/news?code=DEMOKOL');
  });

  it('takes the code from a /coop/{code} path', () => {
    renderAt('/coop/KOL7');
    expect(screen.getByRole('link', { name: '商品' }).getAttribute('href')).toBe('/products?t=3&sn=9&code=KOL7');
  });

  it('leaves links alone without a code', () => {
    renderAt('/');
    expect(screen.getByRole('link', { name: '商品' }).getAttribute('href')).toBe('/products?t=3&sn=9');
  });

  it('marks the current page', () => {
    renderAt('/news?code=K');
    expect(screen.getByRole('link', { name: '最新消息' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: '商品' }).getAttribute('aria-current')).toBeNull();
  });

  it('keeps the code when a search navigates', () => {
    renderAt('/?code=K');
    fireEvent.click(screen.getByRole('button', { name: '搜尋' }));
    expect(screen.getByTestId('where').textContent).toBe('/searching?keyword=%E8%8C%B6&code=K');
  });

  it('opens its page in the router on a plain click, and leaves a modified click to the browser', () => {
    renderAt('/?code=K');
    fireEvent.click(screen.getByRole('link', { name: '商品' }), { ctrlKey: true });
    expect(screen.getByTestId('where').textContent).toBe('/?code=K');
    fireEvent.click(screen.getByRole('link', { name: '商品' }));
    expect(screen.getByTestId('where').textContent).toBe('/products?t=3&sn=9&code=K');
  });

  it('lets its own click handler stop the navigation', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <ShopLinkNavigation>
          <ShopLink to="/cart" onClick={(event) => event.preventDefault()}>
            購物車
          </ShopLink>
          <Where />
        </ShopLinkNavigation>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: '購物車' }));
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('replaces the history entry when it links to the page already shown, as a router link does', () => {
    const page = () => (
      <ShopLinkNavigation>
        <ShopLink to="/news">最新消息</ShopLink>
        <Where />
      </ShopLinkNavigation>
    );
    const router = createMemoryRouter([{ path: '*', Component: page }], { initialEntries: ['/', '/news'] });
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('link', { name: '最新消息' }));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.pathname).toBe('/news');
  });

  it('leaves the click to the browser outside ShopLinkNavigation', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <ShopLink to="/cart">購物車</ShopLink>
        <Where />
      </MemoryRouter>,
    );
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    screen.getByRole('link', { name: '購物車' }).dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('passes an address elsewhere through unchanged, with no code', () => {
    render(
      <MemoryRouter initialEntries={['/?code=K']}>
        <ShopLink to="https://line.me/R/ti/p/@shop">LINE</ShopLink>
        <ShopLink to="#main">跳到主要內容</ShopLink>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'LINE' }).getAttribute('href')).toBe('https://line.me/R/ti/p/@shop');
    expect(screen.getByRole('link', { name: '跳到主要內容' }).getAttribute('href')).toBe('/#main');
  });
});
