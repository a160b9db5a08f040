import { hrefWithQuery } from '../../lib/referral-code.ts';
import { ShopLink } from '../shop-link.tsx';

export interface BreadcrumbItem {
  title: string;
  /** Path of the item's page; with only `query` the current path is used. */
  link?: string;
  query?: Record<string, string | number | null | undefined>;
}

/** spec §2: 「首頁」 then the items; an item with neither link nor query is plain text. */
export function Breadcrumb({ items, currentPath = '' }: { items: readonly BreadcrumbItem[]; currentPath?: string }) {
  return (
    <nav className="breadcrumb" aria-label="麵包屑">
      <ol>
        <li>
          <ShopLink to="/">首頁</ShopLink>
        </li>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          const linked = item.link !== undefined || item.query !== undefined;
          return (
            <li key={`${item.title}-${index}`}>
              {linked ? (
                <ShopLink
                  to={hrefWithQuery(item.link ?? currentPath, item.query)}
                  aria-current={last ? 'page' : undefined}
                >
                  {item.title}
                </ShopLink>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{item.title}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
