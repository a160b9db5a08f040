import type { MetaDescriptor } from 'react-router';
import { readLayoutText, type LayoutText } from './layout-text.ts';

/** spec §1: the tab title is website_title, a separator, then the page title. */
export const TITLE_SEPARATOR = ' | ';

export function tabTitle(siteTitle: string | null | undefined, page?: string | null): string {
  const site = (siteTitle ?? '').trim();
  const p = (page ?? '').trim();
  if (!site) return p;
  return p ? `${site}${TITLE_SEPARATOR}${p}` : site;
}

interface RootMatchData {
  layout?: LayoutText<{ settings?: { website_title?: string; description?: string; keywords?: string } | null }>;
}

/** The root loader's layout text among a route's matches: what the site-wide tags are made from. */
export function rootLayoutText(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>) {
  return (matches.find((m) => m?.id === 'root')?.loaderData as RootMatchData | undefined)?.layout;
}

/**
 * A route's meta: the tab title plus the site description and keywords from settings (route meta
 * replaces the root's, so every route goes through this to keep them).
 */
export function pageMeta(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
  page: string,
  extra: MetaDescriptor[] = [],
): MetaDescriptor[] {
  const layout = rootLayoutText(matches);
  const settings = layout ? readLayoutText(layout).settings : undefined;
  const meta: MetaDescriptor[] = [{ title: tabTitle(settings?.website_title, page) }];
  if (settings?.description) meta.push({ name: 'description', content: settings.description });
  if (settings?.keywords) meta.push({ name: 'keywords', content: settings.keywords });
  if (settings?.website_title) meta.push({ property: 'og:site_name', content: settings.website_title });
  meta.push({ property: 'og:title', content: page || settings?.website_title || '' });
  return [...meta, ...extra];
}
