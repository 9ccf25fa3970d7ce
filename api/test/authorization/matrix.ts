import type { CallOptions } from '../helpers/http';
import type { Actors, TestApp } from '../helpers/app';

export const ACTORS = ['anonymous', 'member', 'otherMember', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * Personas only some groups need. `subscriber`: a member with an ACTIVE subscription, created by
 * the group's `prepare` into `ctx.fixtures.subscriber` (a TestActor); `technician`: a member who
 * holds a TECHNICIAN seat in a laboratory account (`ctx.fixtures.technician`, rows/team.ts). Rows
 * that state a status for one of them are asserted for it too.
 */
export const OPTIONAL_ACTORS = ['subscriber', 'technician'] as const;
export type OptionalActor = (typeof OPTIONAL_ACTORS)[number];

/**
 * The world a matrix row runs in: a listening app, three signed-in actors, and whatever the
 * group's `prepare` created (a subscription owned by `member`, a plan…) under `fixtures`.
 * `member` owns the resources; `otherMember` is a different ordinary member.
 */
export interface MatrixContext {
  testApp: TestApp;
  actors: Actors;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of any route; each test narrows it by its assertions
  fixtures: Record<string, any>;
}

/**
 * One call of the API and the status each actor must get. `route` is the Fastify route
 * ("/v1/users/:id") so the suite can prove every route has a row; `params` fills it in.
 */
export interface MatrixRow {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  route: string;
  /** What the row checks, when a route has several rows (e.g. PATCH with { role } vs { name }). */
  label?: string;
  /** `actor` lets a row that changes state give each actor its own resource (the hostile suite passes none). */
  params?: (ctx: MatrixContext, actor?: Actor | OptionalActor) => Record<string, string>;
  query?: (ctx: MatrixContext) => NonNullable<CallOptions['query']>;
  /** A valid body: the matrix is about who may call, so the input itself must be acceptable. */
  body?: (ctx: MatrixContext, actor?: Actor | OptionalActor) => unknown;
  /**
   * Request parts that are not JSON (a multipart upload); merged into the call. May replace the
   * actor's token with another account of the same kind (a row that deletes its caller).
   */
  request?: (ctx: MatrixContext, actor?: Actor | OptionalActor) => CallOptions;
  expect: Record<Actor, number> & Partial<Record<OptionalActor, number>>;
  /**
   * The hostile-input suite sends every row malformed ids, operator injection and bad bodies.
   * Only routes that take no input at all (static documentation) opt out, saying why.
   */
  noHostileInput?: string;
}

export interface MatrixGroup {
  name: string;
  /** Creates the fixtures this group's rows need; runs once per suite. */
  prepare?: (ctx: MatrixContext) => Promise<void>;
  rows: MatrixRow[];
}

export function pathOf(row: MatrixRow, ctx: MatrixContext, actor?: Actor | OptionalActor): string {
  const params = row.params?.(ctx, actor) ?? {};
  return row.route.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`linha ${row.method} ${row.route} não definiu o parâmetro ${name}`);
    return encodeURIComponent(value);
  });
}

export function tokenOf(actor: Actor | OptionalActor, ctx: MatrixContext): string | undefined {
  if (actor === 'subscriber' || actor === 'technician') {
    if (!ctx.fixtures[actor]) throw new Error(`nenhum prepare criou ctx.fixtures.${actor}`);
    return (ctx.fixtures[actor] as { token: string }).token;
  }
  return actor === 'anonymous' ? undefined : ctx.actors[actor].token;
}

export function rowTitle(row: MatrixRow): string {
  return `${row.method} ${row.route}${row.label ? ` (${row.label})` : ''}`;
}
