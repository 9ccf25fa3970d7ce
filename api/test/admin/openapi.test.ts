import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

/** The routes of issues 13/14, as the OpenAPI document names them. */
const ROUTES: [string, string, string][] = [
  ['get', '/v1/admin/metrics', '200'],
  ['get', '/v1/admin/exports/users', '200'],
  ['get', '/v1/admin/exports/subscriptions', '200'],
  ['patch', '/v1/categories/order', '200'],
  ['get', '/v1/users/{id}/unlocks', '200'],
  ['get', '/v1/users/{id}/progress', '200'],
  ['get', '/v1/suggestions/open', '200'],
  ['get', '/v1/suggestions/mine', '200'],
  ['post', '/v1/suggestions/{id}/vote', '201'],
  ['get', '/v1/me/export', '200'],
  ['delete', '/v1/me/', '204'],
];

describe('OpenAPI for the admin and account routes', () => {
  test('When the document is read, then each new route is there with a summary, its success status and the error ones', async () => {
    const spec = (await t.call('GET', '/v1/docs/json')).body;
    for (const [method, path, success] of ROUTES) {
      const operation = spec.paths[path]?.[method] ?? spec.paths[path.replace(/\/$/, '')]?.[method];
      expect({ route: `${method} ${path}`, documented: Boolean(operation) }).toEqual({ route: `${method} ${path}`, documented: true });
      expect(operation.summary).toMatch(/\w/);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining([success, '400', '401', '403', '500']));
      expect(operation.security).toEqual([{ bearerAuth: [] }]);
    }
  });

  test('When the CSV routes are read, then they say they answer text/csv', async () => {
    const spec = (await t.call('GET', '/v1/docs/json')).body;
    for (const path of ['/v1/admin/exports/users', '/v1/admin/exports/subscriptions']) {
      expect(Object.keys(spec.paths[path].get.responses['200'].content)).toEqual(['text/csv']);
    }
  });
});
