// The loaders behind /products (spec §2): product lists, package lists, bundle products and the
// product and package pages. Each answers a plain page model; bad input ends in the empty state
// (HTTP 404 for something that does not exist), never in an error page (issue 4, bad input).
import { msg } from '@shop/domain';
import type { CataloguePage, CatalogueRequest } from './catalogue-page-model.ts';
import { productDetail, packageDetail } from './catalogue-detail-pages.server.ts';
import { bundleList, influencerList, packageList, typeList } from './catalogue-list-pages.server.ts';
import { missing } from './catalogue-page-parts.server.ts';

export { bundlePeriod } from './catalogue-list-pages.server.ts';

/** The page model of any /products URL. */
export async function loadCataloguePage(req: CatalogueRequest, now = new Date()): Promise<CataloguePage> {
  const { view } = req;
  switch (view.kind) {
    case 'product':
      return productDetail(req, view.id, view.typeId);
    case 'package':
      return packageDetail(req, view.id, view.typeName);
    case 'package-list':
      return packageList(req, view.typeName, view.page);
    case 'bundle':
      return bundleList(req, view.bundleId, view.page, now);
    case 'type':
      return typeList(req, view.typeId, view.page);
    case 'all': {
      const code = req.url.searchParams.get('code')?.trim();
      const own = code && req.url.searchParams.get('all') !== '1' ? await influencerList(req, code, view.page) : null;
      return own ?? typeList(req, null, view.page);
    }
    case 'unknown':
      return missing(req, msg.noProducts);
  }
}
