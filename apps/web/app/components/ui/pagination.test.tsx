// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Pagination } from './pagination.tsx';

afterEach(cleanup);
beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderAt(url: string, props: { length: number; size?: number }) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <Pagination {...props} />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('Pagination', () => {
  it('offers ceil(length / size) pages labelled 第 N 頁', () => {
    renderAt('/bundles', { length: 25, size: 12 });
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['第 1 頁', '第 2 頁', '第 3 頁']);
  });

  it('defaults to page size 1 and page 1', () => {
    renderAt('/bundles', { length: 3 });
    expect(screen.getAllByRole('option')).toHaveLength(3);
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('1');
  });

  it('does nothing on previous at page 1', () => {
    renderAt('/bundles?t=2', { length: 30, size: 12 });
    fireEvent.click(screen.getByRole('button', { name: '上一頁' }));
    expect(where()).toBe('/bundles?t=2');
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('does nothing on next at the last page', () => {
    renderAt('/bundles?page=3', { length: 30, size: 12 });
    fireEvent.click(screen.getByRole('button', { name: '下一頁' }));
    expect(where()).toBe('/bundles?page=3');
  });

  it('merges page into the existing query and scrolls to top', () => {
    renderAt('/products?t=4&code=K', { length: 30, size: 12 });
    fireEvent.click(screen.getByRole('button', { name: '下一頁' }));
    expect(where()).toBe('/products?t=4&code=K&page=2');
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 });
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '3' } });
    expect(where()).toBe('/products?t=4&code=K&page=3');
    fireEvent.click(screen.getByRole('button', { name: '上一頁' }));
    expect(where()).toBe('/products?t=4&code=K&page=2');
  });

  it('renders nothing for an empty list', () => {
    renderAt('/bundles', { length: 0, size: 12 });
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
