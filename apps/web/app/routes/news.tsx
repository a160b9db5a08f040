import { PAGE_SIZE, parsePageParam, SiteSection, taipeiDate } from '@shop/domain';
import type { Route } from './+types/news';
import { orFallback } from '../api/client.ts';
import type { NewsItem } from '@shop/domain';
import { sectionSlide } from '../lib/section-slide.ts';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { AreaBanner } from '../components/ui/area-banner.tsx';
import { Breadcrumb } from '../components/ui/breadcrumb.tsx';
import { PagedCardList } from '../components/ui/paged-card-list.tsx';
import { newsHref } from '../lib/content-links.ts';
import { imageUrl } from '../lib/image-url.ts';
import { summaryText } from '../lib/link-preview.ts';
import { seoMeta } from '../lib/page-seo.ts';
import { PAGE_TITLE } from '../lib/page-titles.ts';
import { breadcrumbLd, jsonLdTexts } from '../lib/structured-data.ts';

export const meta: Route.MetaFunction = ({ matches, loaderData }) => seoMeta(matches, loaderData?.seo, PAGE_TITLE.news);

/** Same page size as the other lists (spec §9 gives 12 for products, search, bundles, influencers). */
const SIZE = PAGE_SIZE.products;

/** spec §2 "最新消息": shown news newest first by post_at; each card's image is the news banner. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { reads } = context;
  let page = parsePageParam(url.searchParams.get('page') ?? undefined);
  const empty = { items: [] as NewsItem[], total: 0 };
  const [banner, first] = await Promise.all([
    sectionSlide(reads, SiteSection.News),
    orFallback(reads.newsPage(page, SIZE), empty),
  ]);
  let list = first;
  if (list.items.length === 0 && list.total > 0) {
    page = 1;
    list = await orFallback(reads.newsPage(page, SIZE), empty);
  }
  const path = page > 1 ? `/news?page=${page}` : '/news';
  return {
    seo: {
      title: PAGE_TITLE.news,
      preview: {
        publicUrl: context.publicUrl,
        path,
        title: PAGE_TITLE.news,
        description: list.items
          .slice(0, 4)
          .map((n) => n.title)
          .join('、'),
        image: banner?.pic ?? list.items[0]?.banner,
      },
      structuredData: jsonLdTexts(breadcrumbLd(context.publicUrl, [{ name: PAGE_TITLE.news }], path)),
    },
    banner: { title: banner?.title || PAGE_TITLE.news, subtitle: banner?.subtitle ?? 'News', image: banner?.pic ?? '' },
    news: list.items.map((n) => ({
      id: n.id,
      title: n.title,
      date: taipeiDate(new Date(n.post_at)),
      summary: summaryText(n.summary || n.content, 80),
      banner: n.banner,
      href: newsHref(n),
    })),
    total: list.total,
    page,
  };
}

export default function News({ loaderData }: Route.ComponentProps) {
  const { banner, news, total, page } = loaderData;
  return (
    <div className="content-page">
      <AreaBanner title={banner.title} subtitle={banner.subtitle} image={banner.image} />
      <div className="container">
        <Breadcrumb items={[{ title: PAGE_TITLE.news }]} />
        <PagedCardList
          items={news}
          className="news-list"
          total={total}
          size={SIZE}
          page={page}
          empty="目前沒有最新消息"
          card={(item) => (
            <ShopLink className="news-card" to={item.href}>
              <img
                className="news-card__image"
                src={imageUrl(item.banner)}
                alt=""
                width={480}
                height={320}
                loading="lazy"
                decoding="async"
              />
              <div className="news-card__body">
                <time className="news-card__date" dateTime={item.date}>
                  {item.date}
                </time>
                <h2 className="news-card__title">{item.title}</h2>
                {item.summary ? <p className="news-card__summary">{item.summary}</p> : null}
              </div>
            </ShopLink>
          )}
        />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
