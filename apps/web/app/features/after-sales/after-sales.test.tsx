// @vitest-environment jsdom
import { msg, refundMsg } from '@shop/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createRoutesStub } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import CancelRequestModal from './cancel-request-modal.tsx';
import { asLoggedInMember, stubApi } from './test-member-api.ts';
import { OrderActions } from './order-actions.tsx';
import ReturnRequestModal from './return-request-modal.tsx';
import TransferNoticeModal from './transfer-notice-modal.tsx';

const ORDER = { id: 42, orderNumber: 'GD2506010001', membersId: 7, payAmount: 1760, recvCellphone: '0911111111' };

asLoggedInMember();

/** The modals read the API client from the router's data (the guest credential), as on a page. */
function renderInRouter(ui: ReactElement) {
  const Stub = createRoutesStub([{ path: '/', Component: () => ui }]);
  render(<Stub initialEntries={['/']} />);
}

const dialog = (name: string) => screen.getByRole('dialog', { name });
const type = (container: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(container).getByLabelText(label), { target: { value } });

describe('the remittance notice (spec §2 通知匯款, §5)', () => {
  it('shows the order and its NT$ amount, and wants exactly 5 digits', async () => {
    const calls = stubApi();
    const onDone = vi.fn();
    renderInRouter(<TransferNoticeModal order={ORDER} onClose={() => {}} onDone={onDone} />);
    const modal = dialog('通知匯款');
    expect(within(modal).getByText('GD2506010001')).toBeTruthy();
    expect(within(modal).getByText('NT$1,760')).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: '通知' }));
    expect(await within(modal).findByText('此欄位為必填')).toBeTruthy();
    type(modal, /匯款帳號末五碼/, '1234');
    fireEvent.click(within(modal).getByRole('button', { name: '通知' }));
    expect(await within(modal).findByText('輸入錯誤')).toBeTruthy();
    expect(calls).toHaveLength(0);

    type(modal, /匯款帳號末五碼/, '54321');
    fireEvent.click(within(modal).getByRole('button', { name: '通知' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(msg.transferSuccess));
    expect(calls).toEqual([
      {
        url: '/api/v1/orders/42/last-number-of-transfer',
        method: 'PUT',
        body: { id: 42, members_id: 7, last_number_of_transfer: '54321' },
      },
    ]);
  });

  it('stays open with the spec §8 failure text when the shop refuses', async () => {
    stubApi(409, { code: 409, msg: msg.transferNotAllowed });
    const onDone = vi.fn();
    renderInRouter(<TransferNoticeModal order={ORDER} onClose={() => {}} onDone={onDone} />);
    type(dialog('通知匯款'), /匯款帳號末五碼/, '54321');
    fireEvent.click(screen.getByRole('button', { name: '通知' }));
    expect(await screen.findByText(msg.transferFailure)).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('the cancel request of a paid order (spec §2 取消訂單, §5)', () => {
  it('prefills the phone from recv_cellphone, needs a reason, and sends the request', async () => {
    const calls = stubApi(201, { code: 201, data: { id: 1 } });
    const onDone = vi.fn();
    renderInRouter(<CancelRequestModal order={ORDER} onClose={() => {}} onDone={onDone} />);
    const modal = dialog('取消訂單');
    expect((within(modal).getByLabelText(/聯絡電話/) as HTMLInputElement).value).toBe('0911111111');
    const reason = within(modal).getByLabelText(/取消原因/) as HTMLTextAreaElement;
    expect(reason.rows).toBe(5);
    expect(reason.maxLength).toBe(200);
    fireEvent.click(within(modal).getByRole('button', { name: '送出' }));
    expect(await within(modal).findByText('此欄位為必填')).toBeTruthy();

    type(modal, /取消原因/, '地址填錯了');
    fireEvent.click(within(modal).getByRole('button', { name: '送出' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(msg.cancelSuccess));
    expect(calls[0]).toEqual({
      url: '/api/v1/order-cancel-records',
      method: 'POST',
      body: {
        orders_id: 42,
        order_number: 'GD2506010001',
        members_id: 7,
        contact_phone: '0911111111',
        reason: '地址填錯了',
      },
    });
  });

  it('清除重填 empties the form', () => {
    renderInRouter(<CancelRequestModal order={ORDER} onClose={() => {}} onDone={() => {}} />);
    const modal = dialog('取消訂單');
    fireEvent.click(within(modal).getByRole('button', { name: '清除重填' }));
    expect((within(modal).getByLabelText(/聯絡電話/) as HTMLInputElement).value).toBe('');
  });

  it('keeps the dialog open with the failure text', async () => {
    stubApi(409, { code: 409, msg: msg.cancelNotAllowed });
    renderInRouter(<CancelRequestModal order={ORDER} onClose={() => {}} onDone={() => {}} />);
    type(dialog('取消訂單'), /取消原因/, '不想要了');
    fireEvent.click(screen.getByRole('button', { name: '送出' }));
    expect(await screen.findByText(msg.cancelFailure)).toBeTruthy();
  });
});

describe('the refund account of a cancel request (issue 20 item 7, decision 048)', () => {
  it('is not asked for when the order does not need one', () => {
    renderInRouter(<CancelRequestModal order={ORDER} onClose={() => {}} onDone={() => {}} />);
    expect(within(dialog('取消訂單')).queryByRole('group', { name: '退款帳戶' })).toBeNull();
  });

  it('asks for the bank (code and name), the account and the holder; checks them; sends the digits', async () => {
    const calls = stubApi(201, { code: 201, data: { id: 1 } });
    const onDone = vi.fn();
    renderInRouter(<CancelRequestModal order={ORDER} refundAccount onClose={() => {}} onDone={onDone} />);
    const modal = dialog('取消訂單');
    const group = within(modal).getByRole('group', { name: '退款帳戶' });
    const bank = within(group).getByLabelText(/退款銀行/) as HTMLSelectElement;
    expect(within(bank).getByRole('option', { name: '822 中國信託' })).toBeTruthy();
    type(modal, /取消原因/, '不需要了');
    fireEvent.click(within(modal).getByRole('button', { name: '送出' }));
    expect(await within(group).findByText(refundMsg.bankChoose)).toBeTruthy();
    expect(within(group).getByText(refundMsg.accountRequiredField)).toBeTruthy();
    expect(within(group).getByText(refundMsg.holderRequired)).toBeTruthy();

    fireEvent.change(bank, { target: { value: '822' } });
    type(group, /退款帳號/, '12345');
    type(group, /戶名/, '王小明');
    fireEvent.click(within(modal).getByRole('button', { name: '送出' }));
    expect(await within(group).findByText(refundMsg.accountFormat)).toBeTruthy();
    expect(calls).toHaveLength(0);

    type(group, /退款帳號/, '1234 5678 9012');
    fireEvent.click(within(modal).getByRole('button', { name: '送出' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(msg.cancelSuccess));
    expect(calls[0]!.body).toMatchObject({
      reason: '不需要了',
      refund_account: { bank_code: '822', account: '123456789012', holder: '王小明' },
    });
  });

  it("shows the server's refusal beside the field and keeps what was typed", async () => {
    stubApi(400, {
      code: 400,
      msg: '輸入資料有誤',
      errors: [{ field: 'refund_account.bank_code', msg: refundMsg.bankUnknown }],
    });
    renderInRouter(<CancelRequestModal order={ORDER} refundAccount onClose={() => {}} onDone={() => {}} />);
    const modal = dialog('取消訂單');
    const group = within(modal).getByRole('group', { name: '退款帳戶' });
    type(modal, /取消原因/, '不需要了');
    fireEvent.change(within(group).getByLabelText(/退款銀行/), { target: { value: '700' } });
    type(group, /退款帳號/, '00012345678901');
    type(group, /戶名/, '林美玲');
    fireEvent.click(within(modal).getByRole('button', { name: '送出' }));
    expect(await within(group).findByText(refundMsg.bankUnknown)).toBeTruthy();
    expect(within(modal).getByText(msg.cancelFailure)).toBeTruthy();
    expect((within(group).getByLabelText(/退款帳號/) as HTMLInputElement).value).toBe('00012345678901');
    expect((within(group).getByLabelText(/戶名/) as HTMLInputElement).value).toBe('林美玲');
    expect((within(modal).getByLabelText(/取消原因/) as HTMLTextAreaElement).value).toBe('不需要了');
  });
});

describe('the return request (spec §2 申請退貨, §5)', () => {
  beforeEach(() => {
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:preview-${++n}`);
    URL.revokeObjectURL = vi.fn();
  });

  const photo = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/jpeg' });
  const compress = vi.fn(async (file: File) => new File([file], `17369000001_${file.name}`, { type: file.type }));

  function renderReturn(upload = vi.fn(async (_api: unknown, _file: File, name: string) => `stored-${name}`)) {
    const onDone = vi.fn();
    renderInRouter(
      <ReturnRequestModal
        order={ORDER}
        member={{ name: '王小明', cellPhone: '0911111111' }}
        onClose={() => {}}
        onDone={onDone}
        compress={compress}
        upload={upload}
      />,
    );
    return { modal: dialog('申請退貨'), onDone, upload };
  }

  const addPhotos = (modal: HTMLElement, files: File[]) =>
    fireEvent.change(within(modal).getByLabelText(/商品照片/), { target: { files } });

  it('prefills the member’s name and phone, and wants at least one photo', async () => {
    const calls = stubApi();
    const { modal } = renderReturn();
    expect((within(modal).getByLabelText(/退貨人姓名/) as HTMLInputElement).value).toBe('王小明');
    expect((within(modal).getByLabelText(/聯絡電話/) as HTMLInputElement).value).toBe('0911111111');
    type(modal, /退貨商品說明/, '烏龍茶 1 包');
    type(modal, /退貨原因/, '包裝破損');
    fireEvent.click(within(modal).getByRole('button', { name: '確認送出' }));
    expect(await within(modal).findByText(msg.uploadAtLeastOne)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('takes at most 4 photos, shows their previews, and lets one be removed', async () => {
    stubApi();
    const { modal } = renderReturn();
    addPhotos(modal, ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg', 'e.jpg'].map(photo));
    expect(await within(modal).findByText(msg.uploadAtMost4)).toBeTruthy();
    const previews = await within(modal).findAllByRole('img');
    expect(previews).toHaveLength(4);
    expect(compress).toHaveBeenCalledTimes(4);
    fireEvent.click(within(modal).getByRole('button', { name: '移除退貨照片 2' }));
    expect(within(modal).getAllByRole('img')).toHaveLength(3);
  });

  it('uploads the compressed photos, then sends the request with their names (spec §3: JSON text)', async () => {
    const calls = stubApi(201, { code: 201, data: { id: 3 } });
    const { modal, onDone, upload } = renderReturn();
    addPhotos(modal, [photo('a.jpg'), photo('b.jpg')]);
    await within(modal).findAllByRole('img');
    type(modal, /退貨商品說明/, '烏龍茶 1 包');
    type(modal, /退貨原因/, '包裝破損');
    fireEvent.click(within(modal).getByRole('button', { name: '確認送出' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(msg.returnSuccess));
    expect(upload.mock.calls.map((c) => c[2])).toEqual(['17369000001_a.jpg', '17369000001_b.jpg']);
    expect(calls).toEqual([
      {
        url: '/api/v1/order-return-records',
        method: 'POST',
        body: {
          orders_id: 42,
          order_number: 'GD2506010001',
          members_id: 7,
          contact_person: '王小明',
          contact_phone: '0911111111',
          spec: '烏龍茶 1 包',
          reason: '包裝破損',
          pic: JSON.stringify(['stored-17369000001_a.jpg', 'stored-17369000001_b.jpg']),
        },
      },
    ]);
  });

  it('asks a cash-on-delivery order for the refund account and sends it with the request (decision 048)', async () => {
    const calls = stubApi(201, { code: 201, data: { id: 4 } });
    const onDone = vi.fn();
    renderInRouter(
      <ReturnRequestModal
        order={ORDER}
        member={{ name: '王小明', cellPhone: '0911111111' }}
        refundAccount
        onClose={() => {}}
        onDone={onDone}
        compress={compress}
        upload={async (_api, _file, name) => `stored-${name}`}
      />,
    );
    const modal = dialog('申請退貨');
    addPhotos(modal, [photo('a.jpg')]);
    await within(modal).findAllByRole('img');
    type(modal, /退貨商品說明/, '烏龍茶 1 包');
    type(modal, /退貨原因/, '包裝破損');
    const group = within(modal).getByRole('group', { name: '退款帳戶' });
    fireEvent.click(within(modal).getByRole('button', { name: '確認送出' }));
    expect(await within(group).findByText(refundMsg.bankChoose)).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.change(within(group).getByLabelText(/退款銀行/), { target: { value: '808' } });
    type(group, /退款帳號/, '0123-456-789012');
    type(group, /戶名/, '王小明');
    fireEvent.click(within(modal).getByRole('button', { name: '確認送出' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(msg.returnSuccess));
    expect(calls[0]!.body).toMatchObject({
      refund_account: { bank_code: '808', account: '0123456789012', holder: '王小明' },
    });
  });

  it('deletes the uploaded photos again when the request is refused', async () => {
    const calls = stubApi(409, { code: 409, msg: msg.returnNotAllowed });
    const { modal, onDone } = renderReturn();
    fireEvent.change(within(modal).getByLabelText(/商品照片/), { target: { files: [photo('a.jpg')] } });
    await within(modal).findAllByRole('img');
    type(modal, /退貨商品說明/, '烏龍茶');
    type(modal, /退貨原因/, '破損');
    fireEvent.click(within(modal).getByRole('button', { name: '確認送出' }));
    expect(await within(modal).findByText(msg.returnFailure)).toBeTruthy();
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({
        url: '/api/v1/file-delete',
        method: 'POST',
        body: { name: 'stored-17369000001_a.jpg' },
      }),
    );
    expect(onDone).not.toHaveBeenCalled();
  });

  it('keeps the form with the failure text when an upload is refused', async () => {
    stubApi();
    const refused = vi.fn(async () => {
      throw new Error('413');
    });
    const { modal, onDone } = renderReturn(refused);
    addPhotos(modal, [photo('a.jpg')]);
    await within(modal).findAllByRole('img');
    type(modal, /退貨商品說明/, '烏龍茶');
    type(modal, /退貨原因/, '破損');
    fireEvent.click(within(modal).getByRole('button', { name: '確認送出' }));
    expect(await within(modal).findByText(msg.returnFailure)).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('OrderActions', () => {
  it('cancels an unpaid order after the spec §8 confirmation', async () => {
    const calls = stubApi(200, { code: 200, data: {} });
    const onChanged = vi.fn();
    renderInRouter(
      <OrderActions
        order={ORDER}
        actions={{ cancel: 'direct', return: false, notifyTransfer: true }}
        member={null}
        onChanged={onChanged}
      />,
    );
    expect(screen.getByRole('button', { name: '通知匯款' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '申請退貨' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '取消訂單' }));
    const confirm = dialog('取消訂單');
    expect(within(confirm).getByText('確定要取消訂單 GD2506010001 嗎？')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: '確定取消' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls[0]).toEqual({ url: '/api/v1/orders/42/cancel', method: 'PUT', body: { id: 42 } });
    expect(screen.getByRole('status').textContent).toBe('訂單 GD2506010001 已取消');
  });

  it('offers nothing an order does not allow', () => {
    renderInRouter(
      <OrderActions
        order={ORDER}
        actions={{ cancel: null, return: false, notifyTransfer: false }}
        member={null}
        onChanged={() => {}}
      />,
    );
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
