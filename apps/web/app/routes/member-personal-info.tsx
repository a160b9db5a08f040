import { lineLoginErrorText } from '@shop/domain';
import type { Route } from './+types/member-personal-info';
import { orFallback } from '../api/client.ts';
import { getMemberLine } from '../api/line.ts';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { noStoreHeaders, requireMemberId } from '../features/member-centre/member-session.server.ts';
import { LineCard } from '../features/member-centre/line-card.tsx';
import { PasswordForm } from '../features/member-centre/password-form.tsx';
import { personalInfoAction } from '../features/member-centre/personal-info-action.server.ts';
import { ProfileForm } from '../features/member-centre/profile-form.tsx';
import { useMember } from '../features/member-centre/use-member.ts';
import { pageMeta } from '../lib/page-meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '個人資料');

export const headers = noStoreHeaders;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const memberId = requireMemberId(request, url);
  // The page works without LINE: a failed read only hides the card.
  const line = await orFallback(getMemberLine(context.apiFetch, memberId), null);
  const error = lineLoginErrorText(url.searchParams.get('line_error'));
  const linked = url.searchParams.get('line') === 'linked';
  return { memberId, line, notice: { text: error || (linked ? 'LINE 綁定完成' : ''), error: error !== '' } };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  return personalInfoAction(request, url, context.apiFetch);
}

/** spec §2 /member/personal-info: the member's name and details, and the password. */
export default function MemberPersonalInfo({ loaderData }: Route.ComponentProps) {
  const member = useMember();
  const { line, memberId, notice } = loaderData;
  return (
    <section className="member-section" aria-labelledby="personal-info-title">
      <h1 id="personal-info-title" className="member-section__title">
        個人資料
      </h1>
      <ProfileForm member={member} />
      <PasswordForm />
      {line && (line.login_available || line.linked) && (
        <LineCard memberId={memberId} line={line} returnTo="/member/personal-info" notice={notice} />
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
