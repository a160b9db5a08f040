// @vitest-environment jsdom
import { reviewMsg } from '@shop/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asLoggedInMember, stubApi } from './test-member-api.ts';
import ReviewModal from './review-modal.tsx';

const PRODUCT = { products_id: 12, name: '阿里山高山烏龍茶' };

asLoggedInMember();
beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
});

function open(props: { onDone: (text: string) => void; upload?: () => Promise<string> }) {
  const ui = (
    <ReviewModal
      orderId={42}
      orderNumber="GD2506010001"
      product={PRODUCT}
      onClose={() => {}}
      onDone={props.onDone}
      compress={async (file) => file}
      upload={props.upload ?? (async () => 'members/2026/12/a.webp')}
    />
  );
  const Stub = createRoutesStub([{ path: '/', Component: () => ui }]);
  render(<Stub initialEntries={['/']} />);
  return screen.getByRole('dialog', { name: '撰寫評價' });
}

describe('撰寫評價 (issue 43 item 1)', () => {
  it('wants stars, then uploads the photo and posts the review with its name', async () => {
    const calls = stubApi(201, { code: 201, data: {} });
    const onDone = vi.fn();
    const modal = open({ onDone });
    fireEvent.click(within(modal).getByRole('button', { name: '送出評價' }));
    expect(await within(modal).findByText(reviewMsg.ratingRange)).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.click(within(modal).getByRole('radio', { name: '5 顆星' }));
    fireEvent.change(within(modal).getByLabelText('評價內容'), { target: { value: '回甘明顯' } });
    const file = new File(['x'], 'tea.png', { type: 'image/png' });
    fireEvent.change(within(modal).getByLabelText(/^照片/), { target: { files: [file] } });
    expect(await within(modal).findByRole('img', { name: '評價照片 1' })).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: '送出評價' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('感謝您為「阿里山高山烏龍茶」留下評價！'));
    expect(calls).toEqual([
      {
        url: '/api/v1/products/12/reviews',
        method: 'POST',
        body: { orders_id: 42, rating: 5, content: '回甘明顯', pic: ['members/2026/12/a.webp'] },
      },
    ]);
  });

  it('shows the shop’s reason and deletes the photo when the review is refused', async () => {
    const calls = stubApi(409, { code: 409, msg: reviewMsg.alreadyReviewed });
    const onDone = vi.fn();
    const modal = open({ onDone });
    fireEvent.click(within(modal).getByRole('radio', { name: '3 顆星' }));
    fireEvent.change(within(modal).getByLabelText(/^照片/), {
      target: { files: [new File(['x'], 'tea.png', { type: 'image/png' })] },
    });
    await within(modal).findByRole('img', { name: '評價照片 1' });
    fireEvent.click(within(modal).getByRole('button', { name: '送出評價' }));
    expect(await within(modal).findByText(reviewMsg.alreadyReviewed)).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
        'POST /api/v1/products/12/reviews',
        'POST /api/v1/file-delete',
      ]),
    );
  });
});
