// The back office (/admin/...) is its own route tree with its own layout (docs/admin.md): the root
// route skips the storefront chrome and the storefront's catalogue data there.

/** True for /admin and everything under it (not /administrator or /admins). */
export function isBackOfficePath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/** Route modules export `handle = { ownLayout: true }` to render without the storefront layout. */
export interface OwnLayoutHandle {
  ownLayout?: boolean;
}

export function usesOwnLayout(matches: ReadonlyArray<{ handle?: unknown }>): boolean {
  return matches.some((m) => (m.handle as OwnLayoutHandle | undefined)?.ownLayout === true);
}
