import { data } from 'react-router';
import type { Route } from './+types/unknown-path';
import { errorMessage, RouteErrorBoundary } from '../components/route-error.tsx';
import { pageMeta } from '../lib/page-meta.ts';

// Decision 075: an address that names nothing answers 404 with the not-found page (spec §2 had it
// redirect to /, which search engines index as a copy of the home page). Its links keep the code.
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, errorMessage(404).title, [{ name: 'robots', content: 'noindex' }]);

export function loader() {
  throw data(null, { status: 404 });
}

export default function UnknownPath() {
  return null;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
