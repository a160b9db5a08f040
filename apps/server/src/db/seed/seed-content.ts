// The demo shop's words into rows: courses, news, article categories and articles, about pages, and
// two messages sent through the contact form.
import { PageSection } from '@shop/domain';
import * as s from '../schema/index.ts';
import { taipeiDate, type DemoClock, type Tx } from './demo-clock.ts';
import {
  demoAboutPages,
  demoArticleCategories,
  demoArticles,
  demoCourses,
  demoCourseTypes,
  demoNews,
  demoSettings,
} from './demo-content.ts';

/** What the home page's areas link to. */
export interface SeededContent {
  categoryId: Map<string, number>;
  articleRows: { id: number; categoryId: number | null }[];
  aboutRows: { id: number }[];
}

export async function seedCourses(tx: Tx, { at }: DemoClock): Promise<void> {
  const courseTypeId = new Map<string, number>();
  for (const [i, t] of demoCourseTypes.entries()) {
    const [row] = await tx
      .insert(s.courseTypes)
      .values({ name: t.name, parentId: t.parent ? courseTypeId.get(t.parent)! : null, indexId: i + 1 })
      .returning({ id: s.courseTypes.id });
    courseTypeId.set(t.name, row!.id);
  }
  await tx.insert(s.courses).values(
    demoCourses.map((c, i) => ({
      courseTypeId: courseTypeId.get(c.type)!,
      name: c.name,
      description: `<p>${c.name}，小班制教學，材料費已含在課程費用內。</p><p>上課地點：${c.location}</p>`,
      pic: `demo/courses/co${String(i + 1).padStart(2, '0')}.webp`,
      price: c.price,
      onSalePrice: c.onSale,
      startDate: taipeiDate(at(c.startDays)),
      location: c.location,
      indexId: i + 1,
      createdAt: at(-(i + 1)),
    })),
  );
}

/** News, article categories, articles and about pages. */
export async function seedContent(tx: Tx, { at }: DemoClock): Promise<SeededContent> {
  await tx.insert(s.news).values(
    demoNews.map((n, i) => ({
      title: n.title,
      summary: n.summary,
      content: `<p>${n.summary}</p><p>詳細內容請洽客服專線 ${demoSettings.servicePhone}，或加入LINE官方帳號。</p>`,
      pic: JSON.stringify([`demo/news/n${String(i + 1).padStart(2, '0')}.webp`]),
      file: '[]',
      postAt: at(-n.daysAgo),
      createdAt: at(-n.daysAgo),
    })),
  );
  const categoryRows = await tx
    .insert(s.articleCategories)
    .values(demoArticleCategories.map((name, i) => ({ name, indexId: i + 1 })))
    .returning({ id: s.articleCategories.id, name: s.articleCategories.name });
  const categoryId = new Map(categoryRows.map((r) => [r.name, r.id]));
  const articleRows = await tx
    .insert(s.articles)
    .values(
      demoArticles.map((a, i) => ({
        categoryId: categoryId.get(a.category)!,
        title: a.title,
        summary: a.summary,
        content: `<p>${a.summary}</p><p>好日子選物編輯部整理，歡迎分享給喜歡的朋友。</p>`,
        pic: `demo/articles/a${String(i + 1).padStart(2, '0')}.webp`,
        indexId: i + 1,
        createdAt: at(-(30 - i * 2)),
        updatedAt: at(-(30 - i * 2)),
      })),
    )
    .returning({ id: s.articles.id, categoryId: s.articles.categoryId });
  const aboutRows = await tx
    .insert(s.aboutPages)
    .values(
      demoAboutPages.map((p, i) => ({
        section: i === 0 ? PageSection.AboutUs : PageSection.Business,
        title: p.title,
        content: p.content,
        pic: `demo/about/about-${String(i + 1).padStart(2, '0')}.webp`,
        indexId: i + 1,
      })),
    )
    .returning({ id: s.aboutPages.id });
  return { categoryId, articleRows, aboutRows };
}

/** One unread message and one read, for the back office's inbox. */
export async function seedContactMessages(tx: Tx, { at }: DemoClock): Promise<void> {
  await tx.insert(s.contactMessages).values([
    {
      name: '張雅婷',
      phone: '0955123456',
      email: 'yating@example.com',
      content: '請問東方美人茶有小包裝可以試喝嗎？',
      createdAt: at(-3),
    },
    {
      name: '李建宏',
      phone: '0966789012',
      email: 'jianhong@example.com',
      content: '想詢問企業中秋禮盒50盒的報價，謝謝。',
      createdAt: at(-1),
      readAt: at(0, -5),
    },
  ]);
}
