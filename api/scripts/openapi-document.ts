// Prints the OpenAPI document the API serves at /v1/docs/json, built in-process on the memory
// store (no server, no database, no network). `npm run api:types` turns it into TypeScript types.
import { buildApp } from '../src/app';
import { testConfig } from '../test/helpers/test-config';

export async function openApiDocument(): Promise<unknown> {
  const app = await buildApp({ config: testConfig(), logger: false });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  openApiDocument()
    .then((document) => process.stdout.write(`${JSON.stringify(document, null, 2)}\n`))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
