import { Outlet, useLocation } from 'react-router';
import type { Route } from './+types/member';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { Breadcrumb } from '../components/ui/breadcrumb.tsx';
import { MemberCard } from '../features/member-centre/member-card.tsx';
import { MemberNav, memberSections } from '../features/member-centre/member-nav.tsx';
import { loadOwnMember, noStoreHeaders } from '../features/member-centre/member-session.server.ts';
import { SessionRecovery } from '../features/member-centre/session-recovery.tsx';
import { pageMeta } from '../lib/page-meta.ts';

// The member centre (spec §2 /member, issue 5): a layout with the member card and the section menu;
// each section is a child route rendered in the <Outlet/> (overview, personal info, orders, …).

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '會員中心');

export const headers = noStoreHeaders;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  return loadOwnMember(request, url, context.apiFetch);
}

/**
 * Re-read the member on every move between sections: balances stay current, and a token that
 * expired meanwhile is noticed here (spec §4) before the member types into a form.
 */
export const shouldRevalidate = () => true;

export default function MemberLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  if (loaderData.state !== 'ok') return <SessionRecovery state={loaderData.state} />;
  const { member } = loaderData;
  const section = memberSections(member.is_internet_celebrity).find((s) =>
    s.end ? pathname === s.to : pathname.startsWith(s.to),
  );
  return (
    <div className="member-centre container">
      <Breadcrumb
        items={[
          { title: '會員中心', link: '/member' },
          ...(section && section.to !== '/member' ? [{ title: section.label }] : []),
        ]}
      />
      <div className="member-centre__layout">
        <aside className="member-centre__aside" aria-label="會員資訊">
          <MemberCard member={member} />
          <MemberNav isInfluencer={member.is_internet_celebrity} pathname={pathname} />
        </aside>
        <div className="member-centre__main">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
