import { expect, it } from 'vitest';
import { errorMessage } from './route-error.tsx';

it.each([
  [404, '找不到頁面'],
  [405, '無法處理此操作'],
  [400, '請求有誤'],
  [401, '請先登入會員'],
  [403, '無法瀏覽此頁面'],
  [500, '系統忙碌中'],
  [502, '系統忙碌中'],
])('status %i → %s', (status, title) => {
  expect(errorMessage(status).title).toBe(title);
});
