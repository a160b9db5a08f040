import type { Route } from './+types/robots.txt';
import { robotsTxt } from '../lib/sitemap.ts';

/** /robots.txt: written per request so the Sitemap line carries the configured PUBLIC_URL. */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.publicUrl), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
