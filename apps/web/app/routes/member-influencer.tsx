import { useState } from 'react';
import type { Route } from './+types/member-influencer';
import { ApiError } from '../api/client.ts';
import { getInfluencerRelations, getMember } from '../api/members.ts';
import { ProductCard, toProductCard } from '../components/product-card.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { noStoreHeaders, requireMemberId } from '../features/member-centre/member-session.server.ts';
import { SessionRecovery } from '../features/member-centre/session-recovery.tsx';
import { productHref } from '../lib/catalogue-links.ts';
import { pageMeta } from '../lib/page-meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '網紅專區');

export const headers = noStoreHeaders;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const id = requireMemberId(request, url);
  try {
    const member = await getMember(context.apiFetch, id);
    const code = member.is_internet_celebrity ? member.internet_celebrity_code : null;
    if (!code) return { influencer: null, tokenExpired: false };
    const { items, total } = await getInfluencerRelations(context.apiFetch, code);
    return {
      tokenExpired: false,
      influencer: {
        code,
        shareLink: `${context.publicUrl}/coop/${encodeURIComponent(code)}`,
        total,
        cards: items.map((r) => toProductCard(r.product, productHref(r.product))),
      },
    };
  } catch (error) {
    // spec §4: an expired token is refreshed, then the page reloads.
    if (error instanceof ApiError && error.status === 401) return { influencer: null, tokenExpired: true };
    throw error;
  }
}

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="button button--ghost"
      onClick={() =>
        void navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? '已複製' : '複製連結'}
    </button>
  );
}

/** issue 5: an influencer's code, the link to share, and the products their page recommends. */
export default function MemberInfluencer({ loaderData }: Route.ComponentProps) {
  const { influencer, tokenExpired } = loaderData;
  if (tokenExpired) return <SessionRecovery state="expired" />;
  return (
    <section className="member-section" aria-labelledby="influencer-title">
      <h1 id="influencer-title" className="member-section__title">
        網紅專區
      </h1>
      {!influencer ? (
        <EmptyState text="此功能僅提供網紅合作會員使用" />
      ) : (
        <>
          <div className="influencer-share">
            <div>
              <p className="influencer-share__label">我的推薦碼</p>
              <p className="influencer-share__code">{influencer.code}</p>
            </div>
            <div className="influencer-share__link">
              <label htmlFor="influencer-link" className="influencer-share__label">
                分享連結
              </label>
              <div className="influencer-share__row">
                <input id="influencer-link" type="text" readOnly value={influencer.shareLink} />
                <CopyButton text={influencer.shareLink} />
              </div>
              <p className="member-form__lead">顧客從此連結進入商店，購買您推薦的商品即享專屬優惠。</p>
            </div>
          </div>
          <div className="section-heading">
            <h2 className="member-section__subtitle">我的推薦商品（{influencer.total}）</h2>
            <ShopLink to={`/coop/${encodeURIComponent(influencer.code)}`} className="section-heading__more">
              查看我的頁面
            </ShopLink>
          </div>
          {influencer.cards.length ? (
            <ul className="card-grid">
              {influencer.cards.map((card) => (
                <li key={card.key}>
                  <ProductCard card={card} />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState text="目前沒有推薦商品" />
          )}
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
