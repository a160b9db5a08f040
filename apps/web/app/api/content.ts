// Content area: carousels, home areas, articles and their categories, hot-search tags, news, and the
// about, terms and common-question pages.
import { apiGet, apiGetPage, type ApiFetch } from './client.ts';
import type { Article, ArticleCategory, Carousel, IndexArea, News, Tag } from './types.ts';

export const getCarousels = (api: ApiFetch) => apiGet<Carousel[]>(api, '/carousels');
export const getIndexAreas = (api: ApiFetch) => apiGet<IndexArea[]>(api, '/index-areas');
export const getArticles = (api: ApiFetch) => apiGet<Article[]>(api, '/articles');
export const getArticleCategories = (api: ApiFetch) => apiGet<ArticleCategory[]>(api, '/article-category');
export const getTags = (api: ApiFetch) => apiGet<Tag[]>(api, '/tags');

/** A news item as the news endpoints answer it. */
export type NewsItem = News & { summary?: string; content?: string; created_at?: string };

/** Shown news, newest first by post_at (spec §9), one page with the total. */
export const getNewsPage = (api: ApiFetch, q: { page: number; size: number }) =>
  apiGetPage<NewsItem>(api, `/news?page=${q.page}&size=${q.size}`);
/** Every shown news item (the sitemap). */
export const getAllNews = (api: ApiFetch) => apiGet<NewsItem[]>(api, '/news');
export const getNewsItem = (api: ApiFetch, id: number) => apiGet<NewsItem>(api, `/news/${id}`);

/** An article as the article endpoints answer it. */
export type ArticleItem = Article & { summary?: string; content?: string; created_at?: string; updated_at?: string };

/** One page of a sharing-zone category's articles, by index_id. */
export const getArticlePage = (api: ApiFetch, q: { category: number; page: number; size: number }) =>
  apiGetPage<ArticleItem>(api, `/articles?category=${q.category}&page=${q.page}&size=${q.size}`);
export const getArticle = (api: ApiFetch, id: number) => apiGet<ArticleItem>(api, `/articles/${id}`);
export const getAllArticles = (api: ApiFetch) => apiGet<ArticleItem[]>(api, '/articles');

/** spec §2 area banner: the first active slide of a site section (SiteSection), or null. */
export async function getSectionBanner(api: ApiFetch, section: number): Promise<Carousel | null> {
  const slides = await apiGet<Carousel[]>(api, `/carousels?position=${section}`);
  return slides[0] ?? null;
}
