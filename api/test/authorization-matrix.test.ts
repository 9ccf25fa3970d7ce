import { prepareMatrixContext } from './authorization/context';
import { expectErrorShape } from './helpers/http';
import { MATRIX_GROUPS } from './authorization/groups';
import { ACTORS, OPTIONAL_ACTORS, pathOf, rowTitle, tokenOf, type MatrixContext } from './authorization/matrix';

let ctx: MatrixContext;

// Every group's fixtures over real HTTP (hundreds of writes; on FerretDB with the machine at load 20–30 they took over
// 60 s in a fresh-clone CI run); run from the root, Jest ignores the project's testTimeout.
beforeAll(async () => {
  ctx = await prepareMatrixContext();
}, 180_000);

afterAll(async () => {
  await ctx.testApp.close();
});

describe('Authorization matrix (anonymous / member / another member / admin)', () => {
  test('When the API starts, then every route under /v1 has at least one matrix row', () => {
    const covered = new Set(MATRIX_GROUPS.flatMap((group) => group.rows.map((row) => `${row.method} ${row.route}`)));
    const normalise = (route: string) => route.replace(/\/$/, '');
    const coveredNormalised = new Set([...covered].map(normalise));
    const missing = ctx.testApp.routes.filter((route) => !coveredNormalised.has(normalise(route)));
    expect(ctx.testApp.routes.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });

  for (const group of MATRIX_GROUPS) {
    describe(group.name, () => {
      for (const row of group.rows) {
        for (const actor of [...ACTORS, ...OPTIONAL_ACTORS]) {
          const expected = row.expect[actor];
          if (expected === undefined) continue;
          test(`When ${actor} calls ${rowTitle(row)}, then the answer is ${expected}`, async () => {
            const result = await ctx.testApp.call(row.method, pathOf(row, ctx, actor), {
              token: tokenOf(actor, ctx),
              ...(row.query ? { query: row.query(ctx) } : {}),
              ...(row.body ? { body: row.body(ctx, actor) } : {}),
              ...(row.request ? row.request(ctx, actor) : {}),
            });
            expect({ status: result.status, body: result.body }).toMatchObject({ status: expected });
            if (expected >= 400) expectErrorShape(result, expected);
          });
        }
      }
    });
  }
});
