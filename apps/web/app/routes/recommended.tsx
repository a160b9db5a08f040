import { PAGE_SIZE, parsePageParam, SiteSection, taipeiDate } from '@shop/domain';
import { data } from 'react-router';
import type { Route } from './+types/recommended';
import { orFallback } from '../api/client.ts';
import { sectionSlide } from '../lib/section-slide.ts';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { AreaBanner } from '../components/ui/area-banner.tsx';
import { Breadcrumb, type BreadcrumbItem } from '../components/ui/breadcrumb.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { PagedCardList } from '../components/ui/paged-card-list.tsx';
import { RichText } from '../components/ui/rich-text.tsx';
import { parseId } from '../lib/catalogue-query.ts';
import { articleHref } from '../lib/content-links.ts';
import { imageUrl } from '../lib/image-url.ts';
import { listingSeo, readListingPage } from '../lib/listing-page.ts';
import { summaryText } from '../lib/link-preview.ts';
import { seoMeta, type PageSeo } from '../lib/page-seo.ts';
import { PAGE_TITLE } from '../lib/page-titles.ts';
import { hrefWithQuery } from '../lib/referral-code.ts';
import { breadcrumbLd, jsonLdTexts, newsArticleLd } from '../lib/structured-data.ts';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(matches, loaderData?.seo, PAGE_TITLE.sharingZone);

const SIZE = PAGE_SIZE.products;

type LoaderContext = Route.LoaderArgs['context'];
type ArticleCategory = Awaited<ReturnType<LoaderContext['reads']['articleCategories']>>[number];
type Article = NonNullable<Awaited<ReturnType<LoaderContext['reads']['article']>>>;

/** What every answer of the page shows: the area banner and a tab per category. */
interface ZoneFrame {
  banner: { title: string; subtitle: string; image: string };
  tabs: Array<{ id: number; name: string; href: string }>;
}

const categoryHref = (id: number) => hrefWithQuery('/recommended', { t: id });

/** An unknown article or category: 404 with the empty state, kept out of search engines. */
function missing(context: LoaderContext, frame: ZoneFrame, text: string) {
  const seo: PageSeo = {
    title: PAGE_TITLE.sharingZone,
    preview: { publicUrl: context.publicUrl, path: '/recommended', title: PAGE_TITLE.sharingZone },
    noindex: true,
  };
  return data({ kind: 'missing' as const, seo, ...frame, current: null, text }, { status: 404 });
}

/** An article's link preview and its NewsArticle and breadcrumb structured data. */
async function articleSeo(
  context: LoaderContext,
  article: Article,
  category: ArticleCategory | null,
): Promise<PageSeo> {
  const settings = await orFallback(context.reads.systemSettings(), null);
  const path = articleHref(article);
  const crumbs = [
    { name: PAGE_TITLE.sharingZone, path: '/recommended' },
    ...(category ? [{ name: category.name, path: categoryHref(category.id) }] : []),
    { name: article.title },
  ];
  const description = article.summary || article.content;
  return {
    title: article.title,
    preview: {
      publicUrl: context.publicUrl,
      path,
      title: article.title,
      description,
      image: article.pic,
      imageAlt: article.title,
      type: 'article',
      extra: article.created_at ? [{ property: 'article:published_time', content: article.created_at }] : [],
    },
    structuredData: jsonLdTexts(
      newsArticleLd({
        publicUrl: context.publicUrl,
        path,
        headline: article.title,
        images: article.pic ? [article.pic] : [],
        datePublished: article.created_at ?? new Date(0).toISOString(),
        dateModified: article.updated_at,
        description,
        publisher: settings?.website_title || '',
        publisherLogo: settings?.index_pic2,
      }),
      breadcrumbLd(context.publicUrl, crumbs, path),
    ),
  };
}

/** /recommended?id={article id}: one article, under its category's tab. */
async function articleAnswer(context: LoaderContext, frame: ZoneFrame, categories: ArticleCategory[], param: string) {
  const id = parseId(param);
  const article = id === null ? null : await context.reads.article(id);
  if (!article) return missing(context, frame, '找不到此文章，可能已下架');
  const category = categories.find((c) => c.id === article.category_id) ?? null;
  return {
    kind: 'article' as const,
    seo: await articleSeo(context, article, category),
    ...frame,
    current: category?.id ?? null,
    article: {
      title: article.title,
      pic: article.pic,
      date: article.created_at ? taipeiDate(new Date(article.created_at)) : '',
      content: article.content ?? '',
      category: category ? { name: category.name, href: categoryHref(category.id) } : null,
    },
  };
}

/** /recommended?t={category id}: the category's articles, 12 a page (the first category without t). */
async function categoryAnswer(context: LoaderContext, frame: ZoneFrame, categories: ArticleCategory[], url: URL) {
  const tParam = url.searchParams.get('t');
  const requestedId = tParam === null || tParam.trim() === '' ? (categories[0]?.id ?? null) : parseId(tParam);
  const category = categories.find((c) => c.id === requestedId);
  if (!category) return missing(context, frame, '找不到此分類');
  const { page, list } = await readListingPage(parsePageParam(url.searchParams.get('page') ?? undefined), (p) =>
    context.reads.articlePage(category.id, p, SIZE),
  );
  const path = hrefWithQuery('/recommended', { t: category.id, page: page > 1 ? page : undefined });
  const title = `${PAGE_TITLE.sharingZone}｜${category.name}`;
  const seo = listingSeo(context.publicUrl, {
    title,
    path,
    names: list.items.map((a) => a.title),
    image: list.items[0]?.pic || frame.banner.image,
    crumbs: [{ name: PAGE_TITLE.sharingZone, path: '/recommended' }, { name: category.name }],
  });
  return {
    kind: 'list' as const,
    seo,
    ...frame,
    current: category.id,
    articles: list.items.map((a) => ({
      id: a.id,
      title: a.title,
      pic: a.pic,
      summary: summaryText(a.summary || a.content, 60),
      href: articleHref(a),
    })),
    total: list.total,
    page,
  };
}

/**
 * spec §2 sharing zone (分享專區): /recommended?t={category id} lists the category's articles, 12 per
 * page; /recommended?t=&id={article id} shows one article (the home page's review cards link there).
 * Without t, the first category. Unknown ids answer 404 with the empty state.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { reads } = context;
  const [categories, banner] = await Promise.all([
    orFallback(reads.articleCategories(), []),
    sectionSlide(reads, SiteSection.Recommend),
  ]);
  const frame: ZoneFrame = {
    banner: {
      title: banner?.title || PAGE_TITLE.sharingZone,
      subtitle: banner?.subtitle ?? 'Sharing',
      image: banner?.pic ?? '',
    },
    tabs: categories.map((c) => ({ id: c.id, name: c.name, href: categoryHref(c.id) })),
  };
  const articleParam = url.searchParams.get('id');
  if (articleParam !== null && articleParam.trim() !== '') {
    return articleAnswer(context, frame, categories, articleParam);
  }
  return categoryAnswer(context, frame, categories, url);
}

type LoaderData = Route.ComponentProps['loaderData'];

function CategoryTabs({ tabs, current }: Pick<LoaderData, 'tabs' | 'current'>) {
  if (tabs.length === 0) return null;
  return (
    <nav className="subtype-nav" aria-label="分享分類">
      <ul>
        {tabs.map((tab) => (
          <li key={tab.id}>
            <ShopLink className="chip" to={tab.href} aria-current={tab.id === current ? 'page' : undefined}>
              {tab.name}
            </ShopLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ArticleGrid({ articles, total, page }: Extract<LoaderData, { kind: 'list' }>) {
  return (
    <PagedCardList
      items={articles}
      className="article-grid"
      total={total}
      size={SIZE}
      page={page}
      empty="此分類目前沒有文章"
      card={(article) => (
        <ShopLink className="article-card" to={article.href}>
          <img src={imageUrl(article.pic)} alt="" width={480} height={320} loading="lazy" decoding="async" />
          <h2 className="article-card__title">{article.title}</h2>
          {article.summary ? <p className="article-card__summary">{article.summary}</p> : null}
        </ShopLink>
      )}
    />
  );
}

function ArticleView({ article }: Extract<LoaderData, { kind: 'article' }>) {
  return (
    <article className="article">
      <header className="article__header">
        {article.date ? (
          <time className="article__date" dateTime={article.date}>
            {article.date}
          </time>
        ) : null}
        <h1 className="article__title">{article.title}</h1>
      </header>
      {article.pic ? (
        <img
          className="article__banner"
          src={imageUrl(article.pic)}
          alt=""
          width={1200}
          height={800}
          fetchPriority="high"
        />
      ) : null}
      <RichText html={article.content} className="rich-text article__body" />
      {article.category ? (
        <p className="article__back">
          <ShopLink to={article.category.href}>← 回{article.category.name}</ShopLink>
        </p>
      ) : null}
    </article>
  );
}

export default function Recommended({ loaderData }: Route.ComponentProps) {
  const { banner, tabs, current } = loaderData;
  const crumbs: BreadcrumbItem[] = [{ title: PAGE_TITLE.sharingZone, link: '/recommended' }];
  const currentTab = tabs.find((t) => t.id === current);
  if (loaderData.kind === 'article' && currentTab) crumbs.push({ title: currentTab.name, link: currentTab.href });
  if (loaderData.kind === 'list' && currentTab) crumbs.push({ title: currentTab.name });
  if (loaderData.kind === 'article') crumbs.push({ title: loaderData.article.title });
  return (
    <div className="content-page">
      {loaderData.kind === 'article' ? null : (
        <AreaBanner title={banner.title} subtitle={banner.subtitle} image={banner.image} />
      )}
      <div className="container">
        <Breadcrumb items={crumbs} />
        <CategoryTabs tabs={tabs} current={current} />
        {loaderData.kind === 'missing' ? <EmptyState text={loaderData.text} /> : null}
        {loaderData.kind === 'list' ? <ArticleGrid {...loaderData} /> : null}
        {loaderData.kind === 'article' ? <ArticleView {...loaderData} /> : null}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
