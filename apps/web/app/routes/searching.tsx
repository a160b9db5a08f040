import { msg, PAGE_SIZE, parsePageParam, searchKeyword } from '@shop/domain';
import type { Route } from './+types/searching';
import { orFallback, withGuestFallback } from '../api/client.ts';
import { searchCatalogue, type SearchResult } from '../api/catalogue.ts';
import { CardGrid } from '../components/catalogue/card-grid.tsx';
import { KeywordSearch } from '../components/keyword-search.tsx';
import { toProductCard } from '../components/product-card.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { Breadcrumb } from '../components/ui/breadcrumb.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { packageHref, productHref } from '../lib/catalogue-links.ts';
import { seoMeta } from '../lib/page-seo.ts';
import { PAGE_TITLE } from '../lib/page-titles.ts';
import { hrefWithQuery } from '../lib/referral-code.ts';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(matches, loaderData?.seo, PAGE_TITLE.search);

const SIZE = PAGE_SIZE.search;

function card(hit: SearchResult) {
  return hit.kind === 'package' ? toProductCard(hit, packageHref(hit), 'pkg') : toProductCard(hit, productHref(hit));
}

/**
 * spec §5 search, 12 per page (spec §9). The keyword is cleaned and cut to 100 characters rather than
 * refused (searchKeyword), so a pasted paragraph, SQL or %_ still searches as plain text.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const keyword = searchKeyword(url.searchParams.get('keyword'));
  const requested = parsePageParam(url.searchParams.get('page') ?? undefined);
  // Search stays on the HTTP API for now (its index lives in the catalogue routes); an expired member
  // token still gets the public answer.
  const api = withGuestFallback(context.apiFetch, context.guestAuthorization, { tokenExpired: false });
  const empty = { items: [] as SearchResult[], total: 0 };
  let page = requested;
  let result = keyword ? await orFallback(searchCatalogue(api, { keyword, page, size: SIZE }), empty) : empty;
  if (result.items.length === 0 && result.total > 0 && page > 1) {
    page = 1; // past the last page: the first one (issue 4, bad input)
    result = await orFallback(searchCatalogue(api, { keyword, page, size: SIZE }), empty);
  }
  const title = keyword ? `「${keyword}」的搜尋結果` : PAGE_TITLE.search;
  return {
    seo: {
      title,
      preview: {
        publicUrl: context.publicUrl,
        path: hrefWithQuery('/searching', { keyword, page: page > 1 ? page : undefined }),
        title,
      },
      // Search results are not pages of their own for search engines; the products are.
      noindex: true,
    },
    keyword,
    emptyText: keyword ? msg.noSearchResults : msg.keywordRequired,
    cards: result.items.map(card),
    total: result.total,
    page,
  };
}

export default function Searching({ loaderData }: Route.ComponentProps) {
  const { keyword, emptyText, cards, total, page } = loaderData;
  return (
    <div className="container catalogue-page search-page">
      <Breadcrumb items={[{ title: PAGE_TITLE.search }]} />
      <h1 className="page-title">
        {keyword ? (
          <>
            「<span className="search-page__keyword">{keyword}</span>」的搜尋結果
          </>
        ) : (
          PAGE_TITLE.search
        )}
      </h1>
      <KeywordSearch className="keyword-search--large search-page__box" key={keyword} initialKeyword={keyword} />
      {cards.length > 0 ? (
        <>
          <p className="list-count">共 {total} 件商品</p>
          <CardGrid cards={cards} atTop />
          <Pagination length={total} size={SIZE} page={page} />
        </>
      ) : (
        <EmptyState text={emptyText} />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
