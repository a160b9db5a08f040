// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CardSlider } from './card-slider.tsx';

afterEach(cleanup);

const cards = (n: number) => Array.from({ length: n }, (_, i) => <span key={i}>商品 {i + 1}</span>);

describe('CardSlider', () => {
  it('draws the first 8 items, and the rest once the shopper reaches for the list', async () => {
    render(<CardSlider label="熱銷商品">{cards(12)}</CardSlider>);
    const list = screen.getByRole('list');
    expect(screen.getAllByRole('listitem')).toHaveLength(8);

    await act(async () => {
      fireEvent.scroll(list);
    });
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
    expect(screen.getByText('商品 12')).toBeTruthy();
  });

  it('draws every item at once when there are no more than 8', () => {
    render(<CardSlider label="熱銷商品">{cards(5)}</CardSlider>);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
  });

  it('the next button brings in the rest too', async () => {
    // jsdom has no layout: the button's scroll has nothing to measure or move.
    window.matchMedia = ((query: string) => ({ matches: false, media: query })) as unknown as typeof window.matchMedia;
    HTMLElement.prototype.scrollBy = () => undefined;
    render(<CardSlider label="熱銷商品">{cards(10)}</CardSlider>);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '熱銷商品：下一個' }));
    });
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
  });
});
