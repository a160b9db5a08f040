// Back-office content forms (issue 7 item 3): the terms texts by brand position, and the pieces, labels
// and rules of the content record kinds whose request is derived from their form
// (admin-content-records.ts): news, articles, carousels, home areas, special-area ads, common
// questions and about pages. Rich text is sanitised by the server before it is stored.
import { z } from 'zod';
import { idListBodySchema, richTextSchema } from './admin-catalogue-schemas.ts';
import { adminText, rowVersionSchema, uploadKeySchema } from './admin-forms.ts';
import { BrandPosition, IndexAreaType, PageSection, SiteSection } from './enums.ts';
import { msg } from './messages.ts';

const fromDigits = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v);

// ---- news ---------------------------------------------------------------------------------------

/** A news item's attachments (upload keys); the form does not edit them. */
export const newsAttachmentsSchema = z
  .array(uploadKeySchema, { error: msg.badRequest })
  .max(10, { error: '最多 10 個附件' })
  .optional()
  .transform((v) => v ?? []);

// ---- carousels, special-area ads, home areas -----------------------------------------------------

/** spec §2 site sections, the carousel positions, in the words the back office shows. */
export const siteSectionLabel: Record<SiteSection, string> = {
  [SiteSection.Index]: '首頁',
  [SiteSection.AboutUs]: '關於我們',
  [SiteSection.News]: '最新消息',
  [SiteSection.Products]: '商品資訊',
  [SiteSection.Recommend]: '分享專區',
  [SiteSection.ContactUs]: '聯絡我們',
  [SiteSection.Service]: '會員服務',
};

export const siteSectionSchema = z.preprocess(
  fromDigits,
  z
    .number({ error: '請選擇顯示位置' })
    .int({ error: '請選擇顯示位置' })
    .min(SiteSection.Index, { error: '請選擇顯示位置' })
    .max(SiteSection.Service, { error: '請選擇顯示位置' }),
);

export const indexAreaTypeLabel: Record<IndexAreaType, string> = {
  [IndexAreaType.Article]: '文字介紹',
  [IndexAreaType.Carousel]: '廣告圖片',
  [IndexAreaType.Banner]: '商品或文章列表',
};

/** spec §2 Home: up to 20 hot products; the review area lists articles. */
export const INDEX_AREA_IDS_MAX = 20;

export const indexAreaTypeSchema = z.enum([IndexAreaType.Article, IndexAreaType.Carousel, IndexAreaType.Banner], {
  error: '請選擇區塊類型',
});

/** Banner areas: product ids (hot products) or article ids (reviews), in order; [] for the other types. */
export const indexAreaIdsSchema = idListBodySchema(INDEX_AREA_IDS_MAX)
  .optional()
  .transform((v) => v ?? []);

/** An Article area needs its text, a Carousel area at least one picture. */
export function checkIndexArea(a: { types: IndexAreaType; content: string; pics: string[] }, ctx: z.RefinementCtx) {
  if (a.types === IndexAreaType.Article && a.content.trim() === '') {
    ctx.addIssue({ code: 'custom', path: ['content'], message: msg.required });
  }
  if (a.types === IndexAreaType.Carousel && a.pics.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['pics'], message: msg.uploadAtLeastOne });
  }
}

// ---- terms texts and about pages -----------------------------------------------------------------

/** Brand positions (docs/decisions/002) and the storefront page each one fills. */
export const brandPositionLabel: Record<BrandPosition, string> = {
  [BrandPosition.Member]: '會員說明（/terms/members）',
  [BrandPosition.Shopping]: '購物須知（/terms/shopping）',
  [BrandPosition.Terms]: '服務條款（/terms/service）',
  [BrandPosition.Privacy]: '隱私權聲明（/terms/privacy）',
};

export const brandPositionSchema = z.preprocess(
  fromDigits,
  z
    .number({ error: '位置不正確' })
    .int({ error: '位置不正確' })
    .min(BrandPosition.Member, { error: '位置不正確' })
    .max(BrandPosition.Privacy, { error: '位置不正確' }),
);

/** PUT /admin/terms-texts/{position}: version 0 creates the text of a position that has none. */
export const termsTextInputSchema = z.strictObject({
  title: adminText(60),
  content: richTextSchema,
  version: rowVersionSchema,
});
export type TermsTextInput = z.infer<typeof termsTextInputSchema>;

export const pageSectionLabel: Record<PageSection, string> = {
  [PageSection.AboutUs]: '關於我們',
  [PageSection.Business]: '企業合作',
  [PageSection.AboutUsIndex]: '首頁關於我們',
  [PageSection.Member]: '會員說明',
  [PageSection.Shopping]: '購物須知',
  [PageSection.Terms]: '服務條款',
  [PageSection.Privacy]: '隱私權聲明',
};

export const pageSectionSchema = z.preprocess(
  fromDigits,
  z
    .number({ error: '請選擇頁面類型' })
    .int({ error: '請選擇頁面類型' })
    .min(PageSection.AboutUs, { error: '請選擇頁面類型' })
    .max(PageSection.Privacy, { error: '請選擇頁面類型' }),
);
