import { taipeiDate } from '@shop/domain';
import { data } from 'react-router';
import type { Route } from './+types/news-detail';
import { orFallback } from '../api/client.ts';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { Breadcrumb } from '../components/ui/breadcrumb.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { RichText } from '../components/ui/rich-text.tsx';
import { parseId } from '../lib/catalogue-query.ts';
import { imageUrl } from '../lib/image-url.ts';
import { seoMeta, type PageSeo } from '../lib/page-seo.ts';
import { PAGE_TITLE } from '../lib/page-titles.ts';
import { breadcrumbLd, jsonLdTexts, newsArticleLd } from '../lib/structured-data.ts';

export const meta: Route.MetaFunction = ({ matches, loaderData }) => seoMeta(matches, loaderData?.seo, PAGE_TITLE.news);

const crumbs = [{ title: PAGE_TITLE.news, link: '/news' }];

/** A news item at /news/{id} (docs/decisions/017); hidden or unknown ids answer 404 with the empty state. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { reads } = context;
  const id = parseId(params.id ?? null);
  const news = id === null ? null : await reads.newsItem(id);
  if (!news) {
    const seo: PageSeo = {
      title: PAGE_TITLE.news,
      preview: { publicUrl: context.publicUrl, path: '/news', title: PAGE_TITLE.news },
      noindex: true,
    };
    return data({ news: null, seo }, { status: 404 });
  }
  const settings = await orFallback(reads.systemSettings(), null);
  const path = `/news/${news.id}`;
  const description = news.summary || news.content;
  const seo: PageSeo = {
    title: news.title,
    preview: {
      publicUrl: context.publicUrl,
      path,
      title: news.title,
      description,
      image: news.banner,
      imageAlt: news.title,
      type: 'article',
      extra: [{ property: 'article:published_time', content: news.post_at }],
    },
    structuredData: jsonLdTexts(
      newsArticleLd({
        publicUrl: context.publicUrl,
        path,
        headline: news.title,
        images: news.pic.length ? news.pic : [news.banner],
        datePublished: news.post_at,
        description,
        publisher: settings?.website_title || '',
        publisherLogo: settings?.index_pic2,
      }),
      breadcrumbLd(context.publicUrl, [{ name: PAGE_TITLE.news, path: '/news' }, { name: news.title }], path),
    ),
  };
  return {
    seo,
    news: {
      id: news.id,
      title: news.title,
      date: taipeiDate(new Date(news.post_at)),
      banner: news.banner,
      content: news.content ?? '',
      files: news.file,
    },
  };
}

function fileName(key: string): string {
  const last = key.split('/').pop() ?? key;
  return last.replace(/^\d{6,}[-_]/, '');
}

export default function NewsDetail({ loaderData }: Route.ComponentProps) {
  const { news } = loaderData;
  if (!news) {
    return (
      <div className="container content-page">
        <Breadcrumb items={crumbs} />
        <h1 className="visually-hidden">{PAGE_TITLE.news}</h1>
        <EmptyState text="找不到此消息，可能已下架" />
      </div>
    );
  }
  return (
    <div className="container content-page">
      <Breadcrumb items={[...crumbs, { title: news.title }]} />
      <article className="article">
        <header className="article__header">
          <time className="article__date" dateTime={news.date}>
            {news.date}
          </time>
          <h1 className="article__title">{news.title}</h1>
        </header>
        <img
          className="article__banner"
          src={imageUrl(news.banner)}
          alt=""
          width={1200}
          height={630}
          fetchPriority="high"
        />
        <RichText html={news.content} className="rich-text article__body" />
        {news.files.length > 0 ? (
          <section className="article__files" aria-labelledby="news-files">
            <h2 id="news-files">附件下載</h2>
            <ul>
              {news.files.map((key) => (
                <li key={key}>
                  <a href={imageUrl(key)} download>
                    {fileName(key)}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <p className="article__back">
          <ShopLink to="/news">← 回最新消息</ShopLink>
        </p>
      </article>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
