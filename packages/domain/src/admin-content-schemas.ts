// Back-office content forms (issue 7 item 3): news, sharing-zone articles and their categories,
// carousels by site section, home areas, special-area ads, terms texts by brand position, common
// questions and about pages. Rich text is sanitised by the server before it is stored.
import { z } from 'zod';
import { idListBodySchema, pictureListSchema, richTextSchema } from './admin-catalogue-schemas.ts';
import {
  adminText,
  bodyIdSchema,
  indexIdSchema,
  linkSchema,
  optionalText,
  optionalUploadKey,
  rowVersionSchema,
  statusSchema,
  uploadKeySchema,
  versionSchema,
  withTaipeiOffset,
} from './admin-forms.ts';
import { BrandPosition, IndexAreaType, PageSection, SiteSection } from './enums.ts';
import { msg } from './messages.ts';

const fromDigits = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v);

/** A datetime-local value (read as Asia/Taipei) or an ISO time; '' = now (the server fills it in). */
const postAtSchema = z.preprocess(
  (v) => {
    if (v === '' || v === undefined || v === null) return null;
    return typeof v === 'string' ? withTaipeiOffset(v) : v;
  },
  z.iso.datetime({ offset: true, error: '日期時間格式錯誤' }).nullable(),
);

/** A picture that must be there (a slide, an ad). */
const requiredPicture = z.string({ error: '請上傳圖片' }).trim().min(1, { error: '請上傳圖片' }).pipe(uploadKeySchema);

// ---- news ---------------------------------------------------------------------------------------

const newsFields = {
  title: adminText(100),
  summary: optionalText(300),
  content: richTextSchema,
  /** spec §3 News: the first picture is the banner; none = the default news image. */
  pic: pictureListSchema(0)
    .optional()
    .transform((v) => v ?? []),
  /** Attachments (upload keys). */
  file: z
    .array(uploadKeySchema, { error: msg.badRequest })
    .max(10, { error: '最多 10 個附件' })
    .optional()
    .transform((v) => v ?? []),
  status: statusSchema,
  post_at: postAtSchema,
};
export const newsCreateSchema = z.strictObject(newsFields);
export const newsUpdateSchema = z.strictObject({ ...newsFields, version: versionSchema });
export type NewsCreateInput = z.infer<typeof newsCreateSchema>;

// ---- sharing zone -------------------------------------------------------------------------------

export const articleCategoryInputSchema = z.strictObject({
  name: adminText(30),
  status: statusSchema,
  index_id: indexIdSchema,
});
export const articleCategoryUpdateSchema = articleCategoryInputSchema.extend({ version: versionSchema });

const articleFields = {
  category_id: bodyIdSchema,
  title: adminText(100),
  summary: optionalText(300),
  content: richTextSchema,
  pic: optionalUploadKey,
  status: statusSchema,
  index_id: indexIdSchema,
};
export const articleCreateSchema = z.strictObject(articleFields);
export const articleUpdateSchema = z.strictObject({ ...articleFields, version: versionSchema });
export type ArticleCreateInput = z.infer<typeof articleCreateSchema>;

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

const carouselFields = {
  position: siteSectionSchema,
  pic: requiredPicture,
  link: linkSchema,
  title: optionalText(60),
  subtitle: optionalText(100),
  status: statusSchema,
  index_id: indexIdSchema,
};
export const carouselCreateSchema = z.strictObject(carouselFields);
export const carouselUpdateSchema = z.strictObject({ ...carouselFields, version: versionSchema });
export type CarouselCreateInput = z.infer<typeof carouselCreateSchema>;

const specialAreaFields = {
  name: optionalText(60),
  url: linkSchema,
  pic: requiredPicture,
  status: statusSchema,
  index_id: indexIdSchema,
};
export const specialAreaCreateSchema = z.strictObject(specialAreaFields);
export const specialAreaUpdateSchema = z.strictObject({ ...specialAreaFields, version: versionSchema });
export type SpecialAreaCreateInput = z.infer<typeof specialAreaCreateSchema>;

export const indexAreaTypeLabel: Record<IndexAreaType, string> = {
  [IndexAreaType.Article]: '文字介紹',
  [IndexAreaType.Carousel]: '廣告圖片',
  [IndexAreaType.Banner]: '商品或文章列表',
};

/** spec §2 Home: up to 20 hot products; the review area lists articles. */
export const INDEX_AREA_IDS_MAX = 20;

const indexAreaFields = {
  name: adminText(30),
  types: z.enum([IndexAreaType.Article, IndexAreaType.Carousel, IndexAreaType.Banner], {
    error: '請選擇區塊類型',
  }),
  title: optionalText(60),
  /** Article areas: the html shown on the home page. */
  content: richTextSchema,
  link: linkSchema,
  /** Carousel areas: the ad pictures. */
  pics: pictureListSchema(0, 5)
    .optional()
    .transform((v) => v ?? []),
  /** Banner areas: product ids (hot products) or article ids (reviews), in order. */
  ids: idListBodySchema(INDEX_AREA_IDS_MAX)
    .optional()
    .transform((v) => v ?? []),
  status: statusSchema,
  index_id: indexIdSchema,
};

function checkIndexArea(a: { types: IndexAreaType; content: string; pics: string[] }, ctx: z.RefinementCtx) {
  if (a.types === IndexAreaType.Article && a.content.trim() === '') {
    ctx.addIssue({ code: 'custom', path: ['content'], message: msg.required });
  }
  if (a.types === IndexAreaType.Carousel && a.pics.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['pics'], message: msg.uploadAtLeastOne });
  }
}

export const indexAreaCreateSchema = z.strictObject(indexAreaFields).superRefine(checkIndexArea);
export const indexAreaUpdateSchema = z
  .strictObject({ ...indexAreaFields, version: versionSchema })
  .superRefine(checkIndexArea);
export type IndexAreaCreateInput = z.infer<typeof indexAreaCreateSchema>;

// ---- terms, common questions, about pages --------------------------------------------------------

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

const commonQuestionFields = {
  question: adminText(200),
  answer: richTextSchema,
  status: statusSchema,
  index_id: indexIdSchema,
};
export const commonQuestionCreateSchema = z.strictObject(commonQuestionFields);
export const commonQuestionUpdateSchema = z.strictObject({ ...commonQuestionFields, version: versionSchema });

export const pageSectionLabel: Record<PageSection, string> = {
  [PageSection.AboutUs]: '關於我們',
  [PageSection.Business]: '企業合作',
  [PageSection.AboutUsIndex]: '首頁關於我們',
  [PageSection.Member]: '會員說明',
  [PageSection.Shopping]: '購物須知',
  [PageSection.Terms]: '服務條款',
  [PageSection.Privacy]: '隱私權聲明',
};

const aboutPageFields = {
  section: z.preprocess(
    fromDigits,
    z
      .number({ error: '請選擇頁面類型' })
      .int({ error: '請選擇頁面類型' })
      .min(PageSection.AboutUs, { error: '請選擇頁面類型' })
      .max(PageSection.Privacy, { error: '請選擇頁面類型' }),
  ),
  title: adminText(60),
  content: richTextSchema,
  pic: optionalUploadKey,
  status: statusSchema,
  index_id: indexIdSchema,
};
export const aboutPageCreateSchema = z.strictObject(aboutPageFields);
export const aboutPageUpdateSchema = z.strictObject({ ...aboutPageFields, version: versionSchema });
export type AboutPageCreateInput = z.infer<typeof aboutPageCreateSchema>;
