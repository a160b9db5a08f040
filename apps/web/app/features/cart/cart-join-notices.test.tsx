// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CartJoinNotices } from './cart-join-notices.tsx';
import { JOIN_NOTICES_EVENT, storeJoinNotices } from './join-notices.ts';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

function renderAt(path: string) {
  const Page = () => <CartJoinNotices />;
  const Stub = createRoutesStub([
    { path: '/member', Component: Page },
    { path: '/cart', Component: Page },
  ]);
  render(<Stub initialEntries={[path]} />);
}

const region = () => screen.queryByRole('region', { name: '購物車調整通知' });

describe('CartJoinNotices (issue 20 item 11)', () => {
  it('shows what the join kept less of on the page the shopper lands on, once, until closed', async () => {
    storeJoinNotices(sessionStorage, ['「烏龍茶 150g」庫存僅剩 3 件，已為您保留 3 件', '「紅茶」已售完，未加入購物車']);
    renderAt('/member');
    const box = await screen.findByRole('region', { name: '購物車調整通知' });
    expect(
      within(box)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['「烏龍茶 150g」庫存僅剩 3 件，已為您保留 3 件', '「紅茶」已售完，未加入購物車']);
    expect(within(box).getByRole('link', { name: '查看購物車' }).getAttribute('href')).toBe('/cart');
    expect(box.parentElement!.getAttribute('aria-live')).toBe('polite');
    // Taken: a reload would not show them again.
    expect(sessionStorage.getItem('cart_join_notices')).toBeNull();
    fireEvent.click(within(box).getByRole('button', { name: '知道了' }));
    expect(region()).toBeNull();
  });

  it('on the cart page itself, offers no link to it', async () => {
    storeJoinNotices(sessionStorage, ['「紅茶」已售完，未加入購物車']);
    renderAt('/cart');
    const box = await screen.findByRole('region', { name: '購物車調整通知' });
    expect(within(box).queryByRole('link')).toBeNull();
  });

  it('shows nothing without notices, and picks up a join made while the page is open', async () => {
    renderAt('/member');
    expect(region()).toBeNull();
    act(() => {
      storeJoinNotices(sessionStorage, ['「紅茶」已售完，未加入購物車']);
      window.dispatchEvent(new Event(JOIN_NOTICES_EVENT));
    });
    expect(await screen.findByText('「紅茶」已售完，未加入購物車')).toBeTruthy();
  });
});
