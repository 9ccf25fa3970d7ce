import { snapshotData } from './helpers/app';
import { prepareMatrixContext } from './authorization/context';
import { expectErrorShape, type CallOptions } from './helpers/http';
import { MATRIX_GROUPS } from './authorization/groups';
import { pathOf, rowTitle, type MatrixContext, type MatrixRow } from './authorization/matrix';

/**
 * Every route gets operator injection, prototype keys, malformed ids, oversized and unknown
 * input. Each answer must be a 4xx with the error shape, and no collection may change.
 */
let ctx: MatrixContext;

// Every group's fixtures over real HTTP; run from the root, Jest ignores the project's testTimeout.
beforeAll(async () => {
  ctx = await prepareMatrixContext();
}, 60_000);

afterAll(async () => {
  await ctx.testApp.close();
});

interface Attack {
  name: string;
  applies: (row: MatrixRow) => boolean;
  request: (row: MatrixRow) => { path: string; options: CallOptions };
}

const hasBody = (row: MatrixRow) => row.body !== undefined;
const hasParams = (row: MatrixRow) => /:[A-Za-z]/.test(row.route);
const validBody = (row: MatrixRow) => (row.body ? (row.body(ctx) as Record<string, unknown>) : {});
const validQuery = (row: MatrixRow) => row.query?.(ctx) ?? {};

/** Fills the route with hostile values for every parameter. */
function withParams(row: MatrixRow, value: string): string {
  return row.route.replace(/:([A-Za-z0-9_]+)/g, () => encodeURIComponent(value));
}

const MALFORMED_IDS = ['abc', '123', '{"$gt":""}', '$where', 'zzzzzzzzzzzzzzzzzzzzzzzz', "' OR 1=1 --", 'x'.repeat(150)];

const ATTACKS: Attack[] = [
  {
    name: 'an operator object in the query ($where)',
    applies: () => true,
    request: (row) => ({ path: pathOf(row, ctx), options: { query: { ...validQuery(row), $where: 'sleep(1000)' } } }),
  },
  {
    name: 'bracket operators in the query (role[$ne], searchTerm[$regex])',
    applies: () => true,
    request: (row) => ({
      path: pathOf(row, ctx),
      options: { query: { ...validQuery(row), 'role[$ne]': 'USER', 'searchTerm[$regex]': '.*' } },
    }),
  },
  {
    name: 'a JSON operator as a query value ({"$gt":""})',
    applies: () => true,
    request: (row) => ({ path: pathOf(row, ctx), options: { query: { ...validQuery(row), page: '{"$gt":""}' } } }),
  },
  {
    name: 'a repeated query parameter (array pollution)',
    applies: () => true,
    request: (row) => ({ path: pathOf(row, ctx), options: { query: { ...validQuery(row), limit: ['1', '2'] } } }),
  },
  ...MALFORMED_IDS.map(
    (id): Attack => ({
      name: `a malformed id (${id.length > 20 ? `${id.slice(0, 10)}…` : id})`,
      applies: hasParams,
      request: (row) => ({ path: withParams(row, id), options: row.body ? { body: validBody(row) } : {} }),
    }),
  ),
  {
    name: 'an operator object as a field ({"name":{"$gt":""}})',
    applies: hasBody,
    request: (row) => ({ path: pathOf(row, ctx), options: { body: { ...validBody(row), name: { $gt: '' } } } }),
  },
  {
    name: 'a $regex object as a field',
    applies: hasBody,
    request: (row) => ({ path: pathOf(row, ctx), options: { body: { ...validBody(row), name: { $regex: '.*', $options: 'i' } } } }),
  },
  {
    name: 'a top-level $where',
    applies: hasBody,
    request: (row) => ({ path: pathOf(row, ctx), options: { body: { ...validBody(row), $where: "this.role == 'ADMIN'" } } }),
  },
  {
    name: 'a $set smuggled in the body',
    applies: hasBody,
    request: (row) => ({ path: pathOf(row, ctx), options: { body: { ...validBody(row), $set: { role: 'ADMIN' } } } }),
  },
  {
    name: 'a __proto__ key',
    applies: hasBody,
    request: (row) => ({
      path: pathOf(row, ctx),
      options: { rawBody: JSON.stringify(validBody(row)).replace(/^\{/, '{"__proto__":{"role":"ADMIN"},').replace(',}', '}') },
    }),
  },
  {
    name: 'a constructor.prototype key',
    applies: hasBody,
    request: (row) => ({
      path: pathOf(row, ctx),
      options: {
        rawBody: JSON.stringify(validBody(row)).replace(/^\{/, '{"constructor":{"prototype":{"role":"ADMIN"}},').replace(',}', '}'),
      },
    }),
  },
  ...['credits', 'providerId', 'email', 'subscription', 'hasActiveSubscription', 'isAdmin'].map(
    (field): Attack => ({
      name: `an unknown or protected field (${field})`,
      applies: hasBody,
      request: (row) => ({
        path: pathOf(row, ctx),
        options: { body: { ...validBody(row), [field]: field === 'credits' ? { balance: 1_000_000, used: 0 } : true } },
      }),
    }),
  ),
  {
    name: 'a body that is not an object',
    applies: hasBody,
    request: (row) => ({ path: pathOf(row, ctx), options: { rawBody: '["role","ADMIN"]' } }),
  },
  {
    name: 'broken JSON',
    applies: hasBody,
    request: (row) => ({ path: pathOf(row, ctx), options: { rawBody: '{"name": "x"' } }),
  },
  {
    name: 'an oversized body (over 100 KB)',
    applies: hasBody,
    request: (row) => ({ path: pathOf(row, ctx), options: { body: { ...validBody(row), name: 'x'.repeat(150 * 1024) } } }),
  },
];

const ATTACKERS = ['admin', 'member'] as const;
/** The data as the last passed attack left it (undefined after a failure: the next test reads it again). */
let lastSnapshot: string | undefined;

describe('Hostile input on every route', () => {
  for (const group of MATRIX_GROUPS) {
    for (const row of group.rows) {
      if (row.noHostileInput) {
        test(`When ${rowTitle(row)} is listed, then it states why it takes no input`, () => {
          expect(row.noHostileInput!.length).toBeGreaterThan(10);
        });
        continue;
      }
      describe(rowTitle(row), () => {
        for (const attack of ATTACKS.filter((candidate) => candidate.applies(row))) {
          for (const attacker of ATTACKERS) {
            test(`When ${attacker} sends ${attack.name}, then a 4xx error comes back and no data changes`, async () => {
              // Nothing runs between two tests of this file: the data a passed test left is this one's "before".
              const before = lastSnapshot ?? (await snapshotData(ctx.testApp.db));
              lastSnapshot = undefined;
              const { path, options } = attack.request(row);
              const result = await ctx.testApp.call(row.method, path, { ...options, token: ctx.actors[attacker].token });
              expect(result.status).toBeGreaterThanOrEqual(400);
              expect(result.status).toBeLessThan(500);
              expectErrorShape(result);
              const after = await snapshotData(ctx.testApp.db);
              expect(after).toBe(before);
              expect(({} as Record<string, unknown>).role).toBeUndefined();
              lastSnapshot = after;
            });
          }
        }
      });
    }
  }
});
