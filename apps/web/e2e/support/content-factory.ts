// Content a story starts from, made through the back-office API with unique titles: news,
// sharing-zone categories and articles, carousel slides.
import type { BackOfficeApi } from './back-office-api.ts';
import { newestFirst, unique } from './back-office-api.ts';

export class ContentFactory {
  constructor(readonly office: BackOfficeApi) {}

  /** A published news item with a picture, posted now (so it is the newest). */
  async news(
    options: { title?: string; content?: string } = {},
  ): Promise<{ id: number; title: string; post_at: string }> {
    return this.office.call('POST', '/admin/news', {
      title: options.title ?? unique('最新消息'),
      summary: '測試用消息。',
      content: options.content ?? '<p>測試用消息內容。</p>',
      pic: [await this.office.upload()],
      status: 1,
      post_at: '',
    });
  }

  async articleCategory(name = unique('分享分類')): Promise<{ id: number; name: string }> {
    return this.office.call('POST', '/admin/article-categories', { name, status: 1, index_id: 0 });
  }

  /** A published sharing-zone article in `categoryId`. */
  async article(categoryId: number, title = unique('分享文章')): Promise<{ id: number; title: string }> {
    return this.office.call('POST', '/admin/articles', {
      category_id: categoryId,
      title,
      summary: '測試用文章。',
      content: '<p>測試用文章內容。</p>',
      pic: await this.office.upload(),
      status: 1,
      index_id: 0,
    });
  }

  /** A slide of the home page's banner (spec §2: carousel position 首頁), shown first. */
  async homeSlide(title = unique('主打活動')): Promise<{ id: number }> {
    return this.office.call('POST', '/admin/carousels', {
      position: 1,
      pic: await this.office.upload(),
      link: '/products',
      title,
      status: 1,
      index_id: newestFirst(),
    });
  }
}
