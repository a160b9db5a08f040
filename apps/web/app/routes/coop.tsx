import { applyCelebrityDiscount, describeCelebrityDiscount, PAGE_SIZE, parsePageParam } from '@shop/domain';
import { data } from 'react-router';
import type { Route } from './+types/coop';
import { orFallback } from '../api/client.ts';
import type { InfluencerRelation } from '@shop/domain';
import { CardGrid } from '../components/catalogue/card-grid.tsx';
import { toProductCard } from '../components/product-card.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { Breadcrumb } from '../components/ui/breadcrumb.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { productHref } from '../lib/catalogue-links.ts';
import { imageUrl } from '../lib/image-url.ts';
import { seoMeta, type PageSeo } from '../lib/page-seo.ts';
import { PAGE_TITLE } from '../lib/page-titles.ts';
import { breadcrumbLd, jsonLdTexts } from '../lib/structured-data.ts';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(matches, loaderData?.seo, PAGE_TITLE.influencer);

const SIZE = PAGE_SIZE.influencer;

/**
 * spec §2, §4 /coop/{code}: the influencer's Active recommendations with a shown product, 12 per page,
 * at the celebrity price of spec §5. An unknown code, an ordinary member or a failed load shows the
 * empty state (404). The code stays in every later link (ShopLink reads it from this path).
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const code = (params.code ?? '').trim();
  const { reads } = context;
  const path = `/coop/${encodeURIComponent(code)}`;
  const influencer = code ? await orFallback(reads.influencer(code), null) : null;
  if (!influencer?.is_internet_celebrity) {
    const seo: PageSeo = {
      title: PAGE_TITLE.influencer,
      preview: { publicUrl: context.publicUrl, path, title: PAGE_TITLE.influencer },
      noindex: true,
    };
    return data({ seo, influencer: null, discountText: '', cards: [], total: 0, page: 1 }, { status: 404 });
  }
  let page = parsePageParam(url.searchParams.get('page') ?? undefined);
  const empty = { items: [] as InfluencerRelation[], total: 0 };
  let list = await orFallback(reads.influencerRelationPage(code, page, SIZE), empty);
  if (list.items.length === 0 && list.total > 0) {
    page = 1;
    list = await orFallback(reads.influencerRelationPage(code, page, SIZE), empty);
  }
  const discount = influencer.celebrity_discount;
  const discountText = describeCelebrityDiscount(discount);
  const cards = list.items.map(({ product }) => ({
    ...toProductCard(
      { ...product, on_sale_price: applyCelebrityDiscount(product.on_sale_price, discount) },
      productHref(product),
    ),
    ...(discountText ? { priceNote: '推薦價' } : {}),
  }));
  const title = `${influencer.name}的推薦`;
  const seo: PageSeo = {
    title,
    preview: {
      publicUrl: context.publicUrl,
      path: page > 1 ? `${path}?page=${page}` : path,
      title,
      description: [
        discountText,
        cards
          .slice(0, 5)
          .map((c) => c.name)
          .join('、'),
      ]
        .filter(Boolean)
        .join('｜'),
      image: influencer.avatar || cards[0]?.image,
      type: 'profile',
    },
    structuredData: jsonLdTexts(
      breadcrumbLd(context.publicUrl, [{ name: PAGE_TITLE.influencer }, { name: influencer.name }], path),
    ),
  };
  return {
    seo,
    influencer: { name: influencer.name, avatar: influencer.avatar },
    discountText,
    cards,
    total: list.total,
    page,
  };
}

export default function Coop({ loaderData }: Route.ComponentProps) {
  const { influencer, discountText, cards, total, page } = loaderData;
  if (!influencer) {
    return (
      <div className="container catalogue-page">
        <Breadcrumb items={[{ title: PAGE_TITLE.influencer }]} />
        <h1 className="visually-hidden">{PAGE_TITLE.influencer}</h1>
        <EmptyState text="找不到此推薦頁面" />
      </div>
    );
  }
  const avatar = imageUrl(influencer.avatar);
  return (
    <div className="container catalogue-page">
      <Breadcrumb items={[{ title: PAGE_TITLE.influencer }, { title: influencer.name }]} />
      <header className="influencer">
        {avatar ? (
          <img className="influencer__avatar" src={avatar} alt="" width={96} height={96} />
        ) : (
          <span className="influencer__avatar influencer__avatar--blank" aria-hidden="true">
            {Array.from(influencer.name)[0] ?? ''}
          </span>
        )}
        <div>
          <p className="influencer__eyebrow">{PAGE_TITLE.influencer}</p>
          <h1 className="influencer__name">{influencer.name}的推薦</h1>
          {discountText ? <p className="influencer__discount">透過此頁購買，{discountText}</p> : null}
        </div>
      </header>
      {cards.length > 0 ? (
        <>
          <p className="list-count">共 {total} 件推薦商品</p>
          <CardGrid cards={cards} atTop />
          <Pagination length={total} size={SIZE} page={page} />
        </>
      ) : (
        <EmptyState text="目前沒有推薦商品" />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
