/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

/** Runs the workspace's real lint config (the ESLint CLI, as `npm run lint` does) on a snippet. */
async function errorsFor(filePath: string, code: string): Promise<string[]> {
  const eslint = path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js');
  const run = spawnSync(process.execPath, [eslint, '--stdin', '--stdin-filename', filePath, '--format', 'json'], { cwd: root, input: code, encoding: 'utf8' });
  const [result] = JSON.parse(run.stdout) as Array<{ messages: Array<{ severity: number; ruleId: string | null }> }>;
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.ruleId ?? '');
}

jest.setTimeout(30000);

describe('federation boundaries (lint)', () => {
  it('When a remote imports another remote, then lint fails', async () => {
    const errors = await errorsFor('remote-admin/src/x.ts', "import Catalog from '../../remote-catalog/src/routes';\nexport { Catalog };\n");
    expect(errors).toEqual(expect.arrayContaining(['no-restricted-imports', 'import-x/no-restricted-paths']));
  });

  it("When a remote imports the shell's internals, then lint fails", async () => {
    const errors = await errorsFor('remote-catalog/src/x.ts', "import { App } from '../../shell/src/app';\nexport { App };\n");
    expect(errors).toContain('no-restricted-imports');
  });

  it('When a remote imports a file inside the platform package, then lint fails', async () => {
    const errors = await errorsFor('remote-account/src/x.ts', "import { toast } from '@clube/platform/src/toast-store';\nexport { toast };\n");
    expect(errors).toContain('no-restricted-imports');
  });

  it("When a remote imports the platform's stateless data helpers (@clube/platform/data), then lint passes", async () => {
    const errors = await errorsFor('remote-admin/src/x.ts', "import { usePaginatedQuery } from '@clube/platform/data';\nexport { usePaginatedQuery };\n");
    expect(errors).toEqual([]);
  });

  it('When a remote imports the platform contract, then lint passes', async () => {
    const errors = await errorsFor('remote-account/src/x.ts', "import { toast } from '@clube/platform';\nexport { toast };\n");
    expect(errors).toEqual([]);
  });

  it("When one area of a remote imports another area's files, then lint fails", async () => {
    const errors = await errorsFor('remote-account/src/checkout/checkout-page.tsx', "import { useInvoices } from '../subscription/api/get-invoices';\nexport { useInvoices };\n");
    expect(errors).toEqual(['import-x/no-restricted-paths']);
  });

  it("When the remote's shared folder imports an area, then lint fails", async () => {
    const errors = await errorsFor('remote-account/src/shared/pix-panel.tsx', "import { PlanChangeCard } from '../subscription/plan-change';\nexport { PlanChangeCard };\n");
    expect(errors).toEqual(['import-x/no-restricted-paths']);
  });

  it("When an area imports its own files and the remote's shared folder, then lint passes", async () => {
    const errors = await errorsFor('remote-account/src/checkout/checkout-page.tsx', "import { PixPanel } from '../shared/pix-panel';\nimport { ownHelper } from './own-helper';\nexport { PixPanel, ownHelper };\n");
    expect(errors).toEqual([]);
  });
});
