// @vitest-environment jsdom
import { TEXT_AREA_MAX } from '@shop/domain';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { CONTENT_MAX, ContactFormView } from './contact-form-view.tsx';

afterEach(cleanup);

it('keeps the content limit in step with the domain', () => {
  expect(CONTENT_MAX).toBe(TEXT_AREA_MAX);
});

it('labels every field and shows errors and the result', () => {
  render(
    <ContactFormView
      idBase="c"
      fieldProps={(name) => ({ name })}
      errors={{ email: '請輸入正確的 Email 格式' }}
      contentLength={3}
      submitting
      result={{ ok: false, text: '表單送出失敗，請稍後再試' }}
      formProps={{}}
    />,
  );
  for (const label of ['姓名', '聯絡電話', 'Email', '留言內容']) expect(screen.getByLabelText(new RegExp(label))).toBeTruthy();
  expect(screen.getByLabelText(/Email/).getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByRole('alert').textContent).toBe('請輸入正確的 Email 格式');
  expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(true);
  expect(screen.getByRole('status').textContent).toBe('表單送出失敗，請稍後再試');
});
