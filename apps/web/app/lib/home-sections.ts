// spec §2 Home: index areas by type, shaped into what the page renders (server side, in the loader).
import { IndexAreaId, IndexAreaType, PAGE_SIZE, PageSection, parseIdList, parseIndexAreaStyle } from '@shop/domain';
import type { Article, IndexArea, Product } from '../api/types.ts';
import { toProductCard, type CatalogueCard } from '../components/product-card.tsx';
import { productHref } from './catalogue-links.ts';
import { hrefWithQuery } from './referral-code.ts';

export interface ArticleCard {
  id: number;
  title: string;
  pic: string;
  href: string;
}

export type HomeSection =
  | { kind: 'about'; key: string; html: string; href: string }
  | { kind: 'ad'; key: string; pic: string }
  | { kind: 'hot'; key: string; cards: CatalogueCard[] }
  | { kind: 'reviews'; key: string; articles: ArticleCard[] };

/** Product ids of the hot-products area (id 2, at most 20) and article ids of the reviews area (id 3). */
export function homeAreaIds(areas: readonly IndexArea[]): { hot: number[]; reviews: number[] } {
  const idsOf = (id: number) => {
    const area = areas.find((a) => a.id === id && a.types === IndexAreaType.Banner);
    return area ? parseIdList(area.ids) : [];
  };
  return {
    hot: idsOf(IndexAreaId.HotProducts).slice(0, PAGE_SIZE.hotProducts),
    reviews: idsOf(IndexAreaId.ReviewArticles),
  };
}

/** Keeps the order of `ids`, drops ids that did not load (inactive, out of their window). */
function inIdOrder<T extends { id: number }>(ids: readonly number[], items: readonly T[]): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.map((id) => byId.get(id)).filter((item): item is T => item !== undefined);
}

export function buildHomeSections(
  areas: readonly IndexArea[],
  hotProducts: readonly Product[],
  articles: readonly Article[],
): HomeSection[] {
  const ids = homeAreaIds(areas);
  const sections: HomeSection[] = [];
  for (const area of areas) {
    const key = `area-${area.id}`;
    if (area.types === IndexAreaType.Article) {
      const { content } = parseIndexAreaStyle(area.style);
      // spec §2: the about-us text links on to /about with the AboutUs position as id.
      if (content)
        sections.push({
          kind: 'about',
          key,
          html: content,
          href: hrefWithQuery('/about', { id: PageSection.AboutUs }),
        });
    } else if (area.types === IndexAreaType.Carousel) {
      const pic = parseIndexAreaStyle(area.style).pics[0];
      if (pic) sections.push({ kind: 'ad', key, pic });
    } else if (area.id === IndexAreaId.HotProducts) {
      const cards = inIdOrder(ids.hot, hotProducts).map((p) => toProductCard(p, productHref(p)));
      if (cards.length) sections.push({ kind: 'hot', key, cards });
    } else if (area.id === IndexAreaId.ReviewArticles) {
      const list = inIdOrder(ids.reviews, articles).map((a) => ({
        id: a.id,
        title: a.title,
        pic: a.pic,
        href: hrefWithQuery('/recommended', { t: a.category_id ?? undefined, id: a.id }),
      }));
      if (list.length) sections.push({ kind: 'reviews', key, articles: list });
    }
  }
  return sections;
}
