/** The remotes the shell knows how to mount. */
export type RemoteName = 'auth' | 'catalog' | 'account' | 'admin';

export const REMOTE_NAMES: readonly RemoteName[] = ['auth', 'catalog', 'account', 'admin'];

/**
 * Which remote owns which paths (PRODUCT.md §2). A path belongs to the remote with the longest
 * matching prefix; inside its area a remote routes on its own and shows the 404 for what it lacks.
 */
const OWNERS: ReadonlyArray<{ prefix: string; remote: RemoteName; exact?: boolean }> = [
  { prefix: '/', remote: 'catalog', exact: true },
  { prefix: '/videos', remote: 'catalog' },
  { prefix: '/planos', remote: 'catalog' },
  { prefix: '/planos/cancelar', remote: 'account' },
  { prefix: '/usuario', remote: 'account' },
  { prefix: '/assinatura', remote: 'account' },
  { prefix: '/meus-conteudos', remote: 'account' },
  { prefix: '/checkout', remote: 'account' },
  { prefix: '/autenticacao', remote: 'auth' },
  { prefix: '/onboarding', remote: 'auth' },
  { prefix: '/admin', remote: 'admin' },
];

export function ownerOf(pathname: string): RemoteName | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let best: { prefix: string; remote: RemoteName } | null = null;
  for (const owner of OWNERS) {
    const matches = owner.exact ? path === owner.prefix : path === owner.prefix || path.startsWith(`${owner.prefix}/`);
    if (matches && (!best || owner.prefix.length > best.prefix.length)) best = owner;
  }
  return best?.remote ?? null;
}
