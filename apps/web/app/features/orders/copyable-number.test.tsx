// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CopyableNumber, inGroupsOfFour } from './copyable-number.tsx';

describe('inGroupsOfFour', () => {
  it.each([
    ['9103522175887271', '9103 5221 7588 7271'],
    ['12345', '1234 5'],
    ['1234', '1234'],
    [' 0868 940123456 ', '0868 9401 2345 6'],
  ])('%s → %s', (digits, expected) => {
    expect(inGroupsOfFour(digits)).toBe(expected);
  });
});

describe('CopyableNumber', () => {
  const writeText = vi.fn<(text: string) => Promise<void>>();

  beforeEach(() => {
    writeText.mockReset().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });

  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows an account in fours and copies its digits without spaces, saying so politely', async () => {
    render(<CopyableNumber value="9103522012345678" what="繳費帳號" grouped />);
    expect(screen.getByText('9103 5220 1234 5678')).toBeTruthy();
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: '複製繳費帳號' })));
    expect(writeText).toHaveBeenCalledWith('9103522012345678');
    expect(status.textContent).toBe('已複製');
  });

  it('clears the word after a while, so the next copy is announced again', async () => {
    vi.useFakeTimers();
    render(<CopyableNumber value="905512348876" what="貨運單號" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '複製貨運單號' })));
    expect(screen.getByRole('status').textContent).toBe('已複製');
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('tells the shopper to copy by hand when the browser refuses', async () => {
    writeText.mockRejectedValue(new Error('NotAllowedError'));
    render(<CopyableNumber value="9103522012345678" what="繳費帳號" grouped />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '複製繳費帳號' })));
    expect(screen.getByRole('status').textContent).toBe('無法自動複製，請長按號碼後選擇複製');
  });

  it('takes the spaces out of a number selected and copied by hand', () => {
    render(<CopyableNumber value="9103522012345678" what="繳費帳號" grouped />);
    const number = screen.getByText('9103 5220 1234 5678');
    const selection = document.getSelection()!;
    selection.selectAllChildren(number);
    const setData = vi.fn();
    const copy = fireEvent.copy(number, { clipboardData: { setData } });
    expect(setData).toHaveBeenCalledWith('text/plain', '9103522012345678');
    expect(copy).toBe(false);
  });
});
