// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { Breadcrumb } from './breadcrumb.tsx';

afterEach(cleanup);

describe('Breadcrumb', () => {
  it('starts with a 首頁 link and keeps the referral code', () => {
    render(
      <MemoryRouter initialEntries={['/news?code=K']}>
        <Breadcrumb items={[{ title: '最新消息' }]} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: '首頁' }).getAttribute('href')).toBe('/?code=K');
  });

  it('links items with a link or a query, and shows the rest as plain text', () => {
    render(
      <MemoryRouter initialEntries={['/products?t=1']}>
        <Breadcrumb
          currentPath="/products"
          items={[{ title: '商品資訊', link: '/products' }, { title: '茶葉', query: { t: 7 } }, { title: '凍頂烏龍' }]}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: '商品資訊' }).getAttribute('href')).toBe('/products');
    expect(screen.getByRole('link', { name: '茶葉' }).getAttribute('href')).toBe('/products?t=7');
    expect(screen.queryByRole('link', { name: '凍頂烏龍' })).toBeNull();
    expect(screen.getByText('凍頂烏龍').getAttribute('aria-current')).toBe('page');
  });
});
