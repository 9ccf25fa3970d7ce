// The lint rule that makes every workspace declare what it imports (eslint.config.mjs, issue 24):
// source given to ESLint on stdin, as if it were a file of remote-catalog, whose package.json
// declares dayjs but neither zod (hoisted from other workspaces) nor msw (a root devDependency).
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const SOURCE = "import { z } from 'zod';\nimport { http } from 'msw';\nimport dayjs from 'dayjs';\nexport const used = [z, http, dayjs];\n";

/** The import-x/no-extraneous-dependencies findings for SOURCE as `file`: package name → message id. */
function undeclaredImports(file) {
  const eslint = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js'), '--stdin', '--stdin-filename', file, '--format', 'json'], {
    cwd: ROOT,
    input: SOURCE,
    encoding: 'utf8',
  });
  const [result] = JSON.parse(eslint.stdout);
  return Object.fromEntries(
    result.messages
      .filter((message) => message.ruleId === 'import-x/no-extraneous-dependencies')
      .map((message) => [/'([^']+)'/.exec(message.message)[1], message.messageId]),
  );
}

describe('every workspace declares what it imports', () => {
  it("When a remote's shipped code imports packages its package.json does not declare, then lint fails on each: one no workspace of it declares, and a root devDependency", () => {
    expect(undeclaredImports('remote-catalog/src/videos/probe.tsx')).toEqual({ zod: 'missing', msw: 'devDep' });
  });

  it("When a remote's test imports them, then the root's test tooling (msw) is accepted and the undeclared package still is not", () => {
    expect(undeclaredImports('remote-catalog/src/__tests__/probe.test.tsx')).toEqual({ zod: 'missing' });
  });
});
