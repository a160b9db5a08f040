// Content area: carousels, home areas, articles and their categories, hot-search tags, news.
import { apiGet, type ApiFetch } from './client.ts';
import type { Article, ArticleCategory, Carousel, IndexArea, Tag } from './types.ts';

export const getCarousels = (api: ApiFetch) => apiGet<Carousel[]>(api, '/carousels');
export const getIndexAreas = (api: ApiFetch) => apiGet<IndexArea[]>(api, '/index-areas');
export const getArticles = (api: ApiFetch) => apiGet<Article[]>(api, '/articles');
export const getArticleCategories = (api: ApiFetch) => apiGet<ArticleCategory[]>(api, '/article-category');
export const getTags = (api: ApiFetch) => apiGet<Tag[]>(api, '/tags');
