// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoutesStub } from 'react-router';
import { ContactForm } from './contact-form.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  const Stub = createRoutesStub([{ path: '/', Component: () => <ContactForm /> }]);
  render(<Stub initialEntries={['/']} />);
}

function fillIn(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(new RegExp(label)), { target: { value } });
  }
}

const valid = {
  姓名: '王小明',
  聯絡電話: '0912345678',
  電子郵件: 'xiaoming@example.tw',
  留言內容: '請問可以代寫卡片嗎？',
};

describe('ContactForm', () => {
  it('counts the characters of the message as they are typed', async () => {
    renderForm();
    expect(screen.getByText('0 / 200')).toBeTruthy();
    fillIn({ 留言內容: '請問可以代寫卡片嗎？' });
    await waitFor(() => expect(screen.getByText('10 / 200')).toBeTruthy());
  });

  it('labels every field in Chinese', () => {
    renderForm();
    // Issue 20 item 5: the e-mail field read "Email" among Chinese labels.
    expect(screen.getByLabelText(/電子郵件/)).toBeTruthy();
    expect(screen.queryByLabelText(/Email/i)).toBeNull();
  });

  it('shows the spec email message and does not send', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderForm();
    fillIn({ ...valid, 電子郵件: 'not-an-email' });
    fireEvent.click(screen.getByRole('button', { name: '送出' }));
    expect(await screen.findByText('請輸入正確的 Email 格式')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('requires every field', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: '送出' }));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(4));
  });

  it('sends as a guest, then thanks the shopper and clears the form', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ code: 201, data: { id: 1 } }), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    renderForm();
    fillIn(valid);
    fireEvent.click(screen.getByRole('button', { name: '送出' }));
    expect(await screen.findByText('表單送出成功，我們將盡快與您聯繫')).toBeTruthy();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/guest/contact-us');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      name: '王小明',
      phone_region: 'TW',
      phone: '0912345678',
      email: 'xiaoming@example.tw',
      content: '請問可以代寫卡片嗎？',
    });
    expect((screen.getByLabelText(/姓名/) as HTMLInputElement).value).toBe('');
  });

  it('checks the number against the region chosen, and sends the region (issue 23 item 2)', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ code: 201, data: { id: 2 } }), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    renderForm();
    fillIn(valid);
    fireEvent.change(screen.getByLabelText('電話地區'), { target: { value: 'HK' } });
    fireEvent.click(screen.getByRole('button', { name: '送出' }));
    expect(await screen.findByText('請輸入正確的香港電話號碼（5、6 或 9 開頭共 8 碼）')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    fillIn({ 聯絡電話: '9123 4567' });
    fireEvent.click(screen.getByRole('button', { name: '送出' }));
    expect(await screen.findByText('表單送出成功，我們將盡快與您聯繫')).toBeTruthy();
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ phone_region: 'HK', phone: '9123 4567' });
  });

  it('says so when sending fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 500, msg: '伺服器發生錯誤' }), { status: 500 })),
    );
    renderForm();
    fillIn(valid);
    fireEvent.click(screen.getByRole('button', { name: '送出' }));
    expect(await screen.findByText('表單送出失敗，請稍後再試')).toBeTruthy();
    expect((screen.getByLabelText(/姓名/) as HTMLInputElement).value).toBe('王小明');
  });
});
