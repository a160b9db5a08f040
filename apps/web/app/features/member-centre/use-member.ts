import { useRouteLoaderData } from 'react-router';
import type { MemberProfile } from '../../api/members.ts';
import type { MemberLoad } from './member-session.server.ts';

/** The member the member-centre layout loaded (its children render only when it did). */
export function useMember(): MemberProfile {
  const data = useRouteLoaderData<MemberLoad>('routes/member');
  if (data?.state !== 'ok') throw new Error('useMember() outside the member-centre layout');
  return data.member;
}
