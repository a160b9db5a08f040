import type { MetaDescriptor } from 'react-router';

/** Back-office tab titles: the page, then the back office (no storefront settings are loaded here). */
export function adminMeta(page: string): MetaDescriptor[] {
  return [{ title: `${page}｜商店後台` }, { name: 'robots', content: 'noindex, nofollow' }];
}
