import type { Route } from './+types/member-personal-info';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { noStoreHeaders } from '../features/member-centre/member-session.server.ts';
import { PasswordForm } from '../features/member-centre/password-form.tsx';
import { personalInfoAction } from '../features/member-centre/personal-info-action.server.ts';
import { ProfileForm } from '../features/member-centre/profile-form.tsx';
import { useMember } from '../features/member-centre/use-member.ts';
import { pageMeta } from '../lib/page-meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '個人資料');

export const headers = noStoreHeaders;

export async function action({ request, url, context }: Route.ActionArgs) {
  return personalInfoAction(request, url, context.apiFetch);
}

/** spec §2 /member/personal-info: the member's name and details, and the password. */
export default function MemberPersonalInfo() {
  const member = useMember();
  return (
    <section className="member-section" aria-labelledby="personal-info-title">
      <h1 id="personal-info-title" className="member-section__title">
        個人資料
      </h1>
      <ProfileForm member={member} />
      <PasswordForm />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
