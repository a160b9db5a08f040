import type { ReactNode } from 'react';
import type { RootData } from '../../root-data.ts';
import { sharingZoneHref } from '../../lib/menu-model.ts';
import { analyticsIdsOf, analyticsServices } from '../../lib/analytics.tsx';
import { ConsentBanner } from './consent-banner.tsx';
import { FixedButtons } from './fixed-buttons.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** spec §2: the default layout (header, content, fixed button group, footer) wraps every route. */
export function DefaultLayout({ data, children }: { data: RootData; children: ReactNode }) {
  const { menu } = data;
  const sharingZone = sharingZoneHref(data.articleCategories);
  return (
    <>
      <a className="skip-link" href="#main">
        跳到主要內容
      </a>
      <SiteHeader
        siteTitle={data.settings?.website_title ?? ''}
        logo={data.settings?.index_pic2 ?? ''}
        session={data.session}
        menu={menu}
        sharingZone={sharingZone}
        courses={data.courses}
      />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      {/* Before the footer: on a phone the group is a row at the end of the page, not a floating column. */}
      <FixedButtons followUs={data.followUs} ads={data.specialAreas} />
      <SiteFooter
        settings={data.settings}
        followUs={data.followUs}
        categories={data.articleCategories}
        tags={data.tags}
      />
      <ConsentBanner services={analyticsServices(analyticsIdsOf(data.settings))} />
    </>
  );
}
