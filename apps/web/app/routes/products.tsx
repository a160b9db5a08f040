import { data } from 'react-router';
import type { Route } from './+types/products';
import { CatalogueDetailView } from '../components/catalogue/catalogue-detail-view.tsx';
import { CatalogueListView } from '../components/catalogue/catalogue-list-view.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { Breadcrumb } from '../components/ui/breadcrumb.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { loadCataloguePage } from '../features/catalogue/catalogue-pages.server.ts';
import { parseCatalogueQuery } from '../lib/catalogue-query.ts';
import { pageData, pageOf } from '../lib/page-text.ts';
import { seoMeta } from '../lib/page-seo.ts';
import { PAGE_TITLE } from '../lib/page-titles.ts';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(matches, loaderData && pageOf(loaderData).seo, PAGE_TITLE.products);

/**
 * spec §2: /products?t= (type list), ?t=&pkg=1 (package list), ?t=&bundle= (bundle products),
 * ?t=&sn= (product page), ?t=&sn=&pkg=1 (package page). Something that does not exist answers 404
 * with the empty state.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const page = await loadCataloguePage({
    reads: context.reads,
    url,
    publicUrl: context.publicUrl,
    view: parseCatalogueQuery(url.searchParams),
  });
  return data(pageData(page), { status: page.status });
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const page = pageOf(loaderData);
  switch (page.kind) {
    case 'detail':
      return <CatalogueDetailView page={page} />;
    case 'list':
      return <CatalogueListView page={page} />;
    case 'missing':
      return (
        <div className="container">
          <Breadcrumb items={page.breadcrumb} currentPath="/products" />
          <h1 className="visually-hidden">{PAGE_TITLE.products}</h1>
          <EmptyState text={page.text} />
        </div>
      );
  }
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
