import registry from '../../../remotes.config.json';

/** The remotes the shell knows how to mount, as declared in the registry (remotes.config.json). */
export type RemoteName = keyof typeof registry.remotes;

export const REMOTE_NAMES = Object.keys(registry.remotes) as readonly RemoteName[];

/** How the shell names a remote's area in its "unavailable" message ("Não conseguimos carregar …"). */
export function areaOf(remote: RemoteName): string {
  return registry.remotes[remote].area;
}

/**
 * Which remote owns which paths (PRODUCT.md §2), from the registry's route prefixes. A path belongs
 * to the remote with the longest matching prefix ("/" only owns "/" itself); inside its area a
 * remote routes on its own and shows the 404 for what it lacks.
 */
const OWNERS: ReadonlyArray<{ prefix: string; remote: RemoteName }> = REMOTE_NAMES.flatMap((remote) =>
  registry.remotes[remote].routes.map((prefix) => ({ prefix, remote })),
);

export function ownerOf(pathname: string): RemoteName | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let best: { prefix: string; remote: RemoteName } | null = null;
  for (const owner of OWNERS) {
    const matches = owner.prefix === '/' ? path === '/' : path === owner.prefix || path.startsWith(`${owner.prefix}/`);
    if (matches && (!best || owner.prefix.length > best.prefix.length)) best = owner;
  }
  return best?.remote ?? null;
}
