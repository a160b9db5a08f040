import { redirect } from 'react-router';
import type { Route } from './+types/unknown-path';
import { currentReferralCode, withReferralCode } from '../lib/referral-code.ts';

// spec §2: any unknown path redirects to / (the referral code, if any, comes along).
export function loader({ url }: Route.LoaderArgs) {
  return redirect(withReferralCode('/', currentReferralCode(url)));
}

export default function UnknownPath() {
  return null;
}
