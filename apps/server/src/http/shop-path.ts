/**
 * A URL of this shop → its path and query; null for anything else or no URL. The providers' stand-ins
 * post and send the browser only to the shop itself, and by path, so it stays on the host in use.
 */
export function shopPath(publicUrl: string, url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.origin === new URL(publicUrl).origin ? u.pathname + u.search : null;
  } catch {
    return null;
  }
}
