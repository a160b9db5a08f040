// Outside root.tsx so the layout and useApi can name this data's type without importing the root
// route, which imports the layout (that loop was issue 15's example of an import cycle).
import { useRouteLoaderData, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import type { StorefrontReads } from '@shop/domain';
import { orFallback } from './api/client.ts';
import { isBackOfficePath } from './features/admin/back-office-path.ts';
import { readSession } from './features/auth/session.ts';
import { uploadsBaseFor } from './lib/image-url.ts';
import { layoutTextOf, readLayoutText, type LayoutText } from './lib/layout-text.ts';
import { buildProductMenu, coursesHref } from './lib/menu-model.ts';

/** The root route's loader: what the storefront layout shows on every page, and the guest credential. */
export async function loadRootData({ request, url, context }: LoaderFunctionArgs<AppLoadContext>) {
  // The back office (/admin) has its own layout: no storefront menus, so none of their data.
  const storefront = !isBackOfficePath(url.pathname);
  const read = async <T, F>(load: () => Promise<T>, fallback: F): Promise<T | F> =>
    storefront ? orFallback(load(), fallback) : fallback;
  // spec §8: catalogue load failures are swallowed. A failed list stays null ("not loaded", spec §4),
  // which keeps the product menu unbuilt rather than half-built.
  const [session, reads] = await Promise.all([
    storefront ? context.session() : { tokenExpired: false },
    layoutReads(context.reads, read),
  ]);
  return {
    layout: layoutText(reads),
    // spec §4: an expired token starts the refresh-or-logout flow in the browser.
    session: { ...readSession(request.headers.get('cookie')), tokenExpired: session.tokenExpired },
    guestAuthorization: context.guestAuthorization,
    /** Where uploaded images are served from (issue 23 item 3); the browser builds the same URLs. */
    uploadsBase: uploadsBaseFor(context.fileServerUrl),
  };
}

/** The reads the layout is made from, in the order layoutOf and layoutText take them. */
function layoutReads(reads: StorefrontReads, read: <T, F>(load: () => Promise<T>, fallback: F) => Promise<T | F>) {
  return Promise.all([
    read(() => reads.systemSettings(), null),
    read(() => reads.followUs(), null),
    read(() => reads.specialAreas(), []),
    read(() => reads.productTypes(), null),
    read(() => reads.packageTypes(), null),
    read(() => reads.bundles(), null),
    read(() => reads.articleCategories(), []),
    read(() => reads.tags(), []),
    read(() => reads.courses(), []),
  ]);
}

type LayoutReads = Awaited<ReturnType<typeof layoutReads>>;

/** Only what the layout shows goes to the browser (every page carries this data in its HTML). */
function layoutOf([
  settings,
  followUs,
  specialAreas,
  productTypes,
  packageTypes,
  bundles,
  articleCategories,
  tags,
  courses,
]: LayoutReads) {
  return {
    settings,
    followUs,
    specialAreas: specialAreas.map(({ id, url, pic, name }) => ({ id, url, pic, name })),
    /** spec §2: built only once types, package types and bundles are all loaded (null until then). */
    menu: buildProductMenu(productTypes, packageTypes, bundles),
    bundles: (bundles ?? []).map(({ id, title, banner }) => ({ id, title, banner })),
    articleCategories: articleCategories.map(({ id, name }) => ({ id, name })),
    /** The menu's 課程 link, while any course is shown. */
    courses: coursesHref(courses),
    tags: tags.map(({ id, name }) => ({ id, name })),
  };
}

export type LayoutData = ReturnType<typeof layoutOf>;

/** The reads answer with the same objects while nothing changed, so the text is made once for them. */
let lastLayout: { reads: LayoutReads; text: LayoutText<LayoutData> } | undefined;
function layoutText(reads: LayoutReads): LayoutText<LayoutData> {
  if (!lastLayout || reads.some((read, i) => read !== lastLayout!.reads[i])) {
    lastLayout = { reads, text: layoutTextOf(layoutOf(reads)) };
  }
  return lastLayout.text;
}

export type RootLoaderData = Awaited<ReturnType<typeof loadRootData>>;
/** The root loader's data with its layout read back. */
export type RootData = Omit<RootLoaderData, 'layout'> & LayoutData;

const rootData = new WeakMap<RootLoaderData, RootData>();

/** The root loader's data with its layout read back from its text. */
export function rootDataOf(data: RootLoaderData): RootData {
  let kept = rootData.get(data);
  if (!kept) {
    const { layout, ...rest } = data;
    kept = { ...rest, ...readLayoutText(layout) };
    rootData.set(data, kept);
  }
  return kept;
}

/** The root loader's data, for any component of the page; undefined when the root loader failed. */
export function useRootData(): RootData | undefined {
  const data = useRouteLoaderData<RootLoaderData>('root');
  return data ? rootDataOf(data) : undefined;
}
