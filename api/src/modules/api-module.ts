import type { FastifyPluginAsync, FastifyPluginCallback } from 'fastify';
import type { IndexDeclaration } from '../store/indexes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- route plugins are typed by their own type provider
type AnyPlugin = FastifyPluginAsync<any> | FastifyPluginCallback<any>;

/**
 * What a module gives the app (see modules/README.md): the decorators that touch its collections,
 * the decorators built on them, and its route plugins with the prefix each is mounted on under /v1.
 */
export interface ApiModule {
  name: string;
  /** The collections the module owns (its `collections.ts` list): no other module may name them. */
  collections: Readonly<Record<string, string>>;
  /** Their indexes, created at start (app.ts). */
  indexes: readonly IndexDeclaration[];
  /** `fastify-plugin`s decorating the app with named operations over the module's collections. */
  repositories: AnyPlugin[];
  /** Use cases and jobs (`fastify-plugin`s), registered once every module's repositories exist. */
  services?: AnyPlugin[];
  /** Route plugins by prefix, each mounted at `/v1${prefix}` with the authorization hooks of http/route-auth.ts. */
  routes: Record<string, AnyPlugin>;
}
