// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, useNavigate } from 'react-router';
import { usePageViews, validTagId } from './analytics.tsx';

afterEach(() => {
  cleanup();
  delete window.gtag;
  delete window.dataLayer;
});

it.each([
  ['G-ABC123XYZ', 'G-ABC123XYZ'],
  [' G-ABC123XYZ ', 'G-ABC123XYZ'],
  ['UA-12345-1', 'UA-12345-1'],
  ['', null],
  [null, null],
  ["G-1');alert(1);//", null],
])('analytics tag %s → %s', (value, expected) => {
  expect(validTagId(value)).toBe(expected);
});

function Page({ tagId }: { tagId: string | null }) {
  usePageViews(tagId);
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/news')}>
      最新消息
    </button>
  );
}

const pageViews = () =>
  (window.dataLayer ?? []).filter(
    (entry) => (entry as IArguments)[0] === 'event' && (entry as IArguments)[1] === 'page_view',
  );

describe('usePageViews', () => {
  it('sends a page view per location when a tag is set', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Page tagId="G-TEST12345" />
      </MemoryRouter>,
    );
    expect(pageViews()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button'));
    expect(pageViews()).toHaveLength(2);
    expect((pageViews()[1] as IArguments)[2]).toMatchObject({ page_path: '/news' });
  });

  it('sends nothing without a tag', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Page tagId={null} />
      </MemoryRouter>,
    );
    expect(window.dataLayer).toBeUndefined();
    expect(window.gtag).toBeUndefined();
  });
});
