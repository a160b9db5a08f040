// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ModalFrame } from './modal-frame.tsx';

afterEach(cleanup);

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        申請退貨
      </button>
      <ModalFrame open={open} title="申請退貨" onClose={() => setOpen(false)}>
        <label>
          退貨原因
          <input />
        </label>
        <button type="button">確認送出</button>
      </ModalFrame>
    </>
  );
}

describe('ModalFrame', () => {
  it('opens with focus inside, closes on Esc and returns focus to the opener', () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: '申請退貨' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: '申請退貨' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('wraps Tab from the last control to the first', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: '申請退貨' }));
    const last = screen.getByRole('button', { name: '確認送出' });
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '關閉' }));
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('closes with the close button', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: '申請退貨' }));
    fireEvent.click(screen.getByRole('button', { name: '關閉' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
