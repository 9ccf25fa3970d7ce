// Runs the API test suites against a real mongod instead of the embedded store.
// Needs MONGODB_URI (e.g. mongodb://127.0.0.1:27017); each test app uses its own throwaway database.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(apiDir, 'package.json'));

function fail(message) {
  console.error(`test:mongo: ${message}`);
  process.exit(1);
}

async function startMemoryServer() {
  let MongoMemoryServer;
  try {
    ({ MongoMemoryServer } = require('mongodb-memory-server'));
  } catch {
    fail(
      'nenhum MongoDB disponível. Defina MONGODB_URI (ex.: MONGODB_URI=mongodb://127.0.0.1:27017 npm run test:mongo) ' +
        'apontando para um mongod (replica set não é necessário). mongodb-memory-server não está instalado ' +
        'porque baixa o binário do mongod na instalação, o que esta máquina não pode fazer.',
    );
  }
  const server = await MongoMemoryServer.create();
  return { uri: server.getUri(), stop: () => server.stop() };
}

async function assertReachable(uri) {
  const { MongoClient } = require('mongodb');
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5000 });
  try {
    await client.connect();
    await client.db('admin').command({ ping: 1 });
  } catch (error) {
    fail(`não foi possível conectar a ${uri.replace(/\/\/[^@]*@/, '//***@')} em 5 s: ${error.message}`);
  } finally {
    await client.close().catch(() => {});
  }
}

let uri = process.env.MONGODB_URI;
let memory;
if (!uri) {
  memory = await startMemoryServer();
  uri = memory.uri;
}
await assertReachable(uri);
console.log('test:mongo: rodando a suíte da API contra o MongoDB real.');

const jest = require.resolve('jest/bin/jest.js');
const child = spawn(process.execPath, [jest, '--config', path.join(apiDir, 'jest.config.js'), ...process.argv.slice(2)], {
  cwd: apiDir,
  stdio: 'inherit',
  env: { ...process.env, TEST_MONGODB_URI: uri },
});
child.on('exit', async (code, signal) => {
  await memory?.stop();
  process.exit(code ?? (signal ? 1 : 0));
});
