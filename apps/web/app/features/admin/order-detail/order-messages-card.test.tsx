// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { AdminOrderMessage } from '@shop/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderMessagesCard } from './order-messages-card.tsx';

afterEach(cleanup);

const message = (values: Partial<AdminOrderMessage>): AdminOrderMessage => ({
  id: 1,
  kind: 'placed',
  channel: 'sms',
  recipient: '0912***678',
  status: 'sent',
  attempts: 1,
  error: '',
  provider_message_id: '',
  created_at: '2026-11-26T04:00:00Z',
  sent_at: '2026-11-26T04:00:05Z',
  ...values,
});

describe('OrderMessagesCard', () => {
  it('lists each message with its kind, channel, masked recipient, outcome, the gateway’s id and why it did not go', () => {
    render(
      <OrderMessagesCard
        messages={[
          message({ provider_message_id: '1234567890' }),
          message({
            id: 2,
            kind: 'shipped',
            channel: 'email',
            recipient: 'm***@example.tw',
            status: 'failed',
            attempts: 3,
            error: 'Error: 451 Service unavailable',
            sent_at: null,
          }),
          message({ id: 3, kind: 'paid', status: 'skipped', error: '此類通知已在商店設定中關閉', sent_at: null }),
        ]}
      />,
    );
    const items = within(screen.getByRole('region', { name: '通知紀錄' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '訂單成立（付款資訊） · 簡訊 0912***678 已發送2026-11-26 12:00 · 簡訊序號 1234567890',
      '已出貨 · Email m***@example.tw 發送失敗2026-11-26 12:00 · 第 3 次嘗試 · Error: 451 Service unavailable',
      '付款完成 · 簡訊 0912***678 未發送2026-11-26 12:00 · 此類通知已在商店設定中關閉',
    ]);
  });

  it('says when nothing was sent yet', () => {
    render(<OrderMessagesCard messages={[]} />);
    expect(screen.getByText('尚未發送通知')).toBeTruthy();
  });
});
