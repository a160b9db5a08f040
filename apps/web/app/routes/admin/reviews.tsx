import { Form, Link } from 'react-router';
import type { Route } from './+types/reviews';
import { REVIEW_REPLY_MAX, shopDateTime, type AdminReview } from '@shop/domain';
import { adminSend, staffApi, type ActionResult } from '../../features/admin/admin-api.server.ts';
import { adminMeta } from '../../features/admin/admin-meta.ts';
import { AdminRouteError } from '../../features/admin/components/admin-route-error.tsx';
import { ActionNotice, PageHeader, Pager, pageOf, StateFilter } from '../../features/admin/components/page-parts.tsx';
import { unwrap } from '../../api/client.ts';
import { imageUrl } from '../../lib/image-url.ts';
import { readForm } from '../../lib/form-post.server.ts';

const PAGE_SIZE = 20;
const STATES = [
  ['', '全部'],
  ['unreplied', '未回覆'],
  ['shown', '顯示中'],
  ['hidden', '已隱藏'],
] as const;

export const meta: Route.MetaFunction = () => adminMeta('商品評價');

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const page = pageOf(url.searchParams);
  const query = new URLSearchParams({ page: String(page), size: String(PAGE_SIZE) });
  const state = url.searchParams.get('state');
  if (STATES.some(([value]) => value && value === state)) query.set('state', state!);
  const res = await staffApi({ request, url, context })(`/api/v1/admin/reviews?${query}`);
  const reviews = await unwrap<AdminReview[]>(res);
  return { reviews, page, total: Number(res.headers.get('x-total-count') ?? reviews.length) };
}

/** Issue 43 item 1: hide or show a review, and write the shop's reply (empty removes it). */
export async function action({ request, url, context }: Route.ActionArgs): Promise<ActionResult> {
  const form = await readForm(request);
  const id = String(form.get('id') ?? '');
  if (!/^\d+$/.test(id)) return { ok: false, message: '不支援此操作' };
  const intent = form.get('intent');
  const body =
    intent === 'hide' || intent === 'show'
      ? { hidden: intent === 'hide' }
      : intent === 'reply'
        ? { reply: String(form.get('reply') ?? '') }
        : null;
  if (!body) return { ok: false, message: '不支援此操作' };
  const result = await adminSend(staffApi({ request, url, context }), 'PATCH', `/admin/reviews/${id}`, body);
  if (!result.ok) return result;
  const done = intent === 'hide' ? '評價已隱藏' : intent === 'show' ? '評價已顯示' : '回覆已儲存';
  return { ok: true, message: done };
}

function ReviewRow({ review }: { review: AdminReview }) {
  return (
    <tr style={review.hidden ? { opacity: 0.6 } : undefined}>
      <td className="bo-nowrap">
        {shopDateTime(review.created_at)}
        <br />
        <small>
          <Link to={`/admin/orders/${review.orders_id}`}>{review.order_number}</Link>
        </small>
      </td>
      <td>
        {review.product_name}
        <br />
        <small>{review.name}</small>
      </td>
      <td style={{ minWidth: 260 }}>
        <span role="img" aria-label={`${review.rating} 顆星`}>
          {'★'.repeat(review.rating)}
        </span>
        <p style={{ whiteSpace: 'pre-wrap', margin: '4px 0' }}>{review.content}</p>
        {review.pic.map((name, index) => (
          <a key={name} href={imageUrl(name)} target="_blank" rel="noopener" style={{ marginRight: 6 }}>
            <img
              src={imageUrl(name)}
              alt={`評價照片 ${index + 1}`}
              width={56}
              height={56}
              style={{ objectFit: 'cover' }}
            />
          </a>
        ))}
        <Form method="post" className="bo-inline-form" style={{ marginTop: 8 }}>
          <input type="hidden" name="id" value={review.id} />
          <label className="bo-visually-hidden" htmlFor={`reply-${review.id}`}>
            回覆 {review.name} 的評價
          </label>
          <textarea
            id={`reply-${review.id}`}
            name="reply"
            rows={2}
            maxLength={REVIEW_REPLY_MAX}
            defaultValue={review.reply ?? ''}
            placeholder="店家回覆（留空即刪除回覆）"
            style={{ width: '100%' }}
          />
          <button type="submit" name="intent" value="reply" className="bo-button bo-button--small">
            儲存回覆
          </button>
        </Form>
      </td>
      <td>
        <Form method="post" className="bo-inline-form">
          <input type="hidden" name="id" value={review.id} />
          <button
            type="submit"
            name="intent"
            value={review.hidden ? 'show' : 'hide'}
            className="bo-button bo-button--small"
            aria-label={`${review.hidden ? '顯示' : '隱藏'} ${review.name} 對「${review.product_name}」的評價`}
          >
            {review.hidden ? '顯示' : '隱藏'}
          </button>
        </Form>
      </td>
    </tr>
  );
}

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews, page, total } = loaderData;
  return (
    <>
      <PageHeader title="商品評價" description="隱藏的評價不顯示於商品頁，也不計入平均星等" />
      <ActionNotice result={actionData} />
      <StateFilter label="評價篩選" states={STATES} />
      <div className="bo-table-wrap">
        <table className="bo-table">
          <thead>
            <tr>
              <th scope="col">時間／訂單</th>
              <th scope="col">商品／評價者</th>
              <th scope="col">評價與回覆</th>
              <th scope="col">顯示</th>
            </tr>
          </thead>
          <tbody>
            {reviews.map((review) => (
              <ReviewRow key={review.id} review={review} />
            ))}
          </tbody>
        </table>
        {reviews.length === 0 ? <p className="bo-empty">沒有評價</p> : null}
      </div>
      <Pager total={total} page={page} size={PAGE_SIZE} />
    </>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
