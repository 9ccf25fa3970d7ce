// One lint config for the workspace. Besides the usual TypeScript and hooks rules it enforces the
// federation's boundaries: a remote never imports another remote or the shell; the shell never
// imports a remote; both meet only in @clube/platform. Inside a remote, one area (a folder of
// src/, e.g. checkout/) never imports another area's files: what areas share lives in src/shared/.
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import rootPackage from './package.json' with { type: 'json' };
import registry from './remotes.config.json' with { type: 'json' };
import webpackShared from './webpack.shared.js';

/** The shell's and every remote's folder, from the one registry of remotes. */
const FRONTENDS = [registry.shell.dir, ...Object.values(registry.remotes).map((remote) => remote.dir)];

/**
 * The API's layers (api/src/modules/README.md), by file name: imports run routes → use cases →
 * repositories → store; schemas and documents are leaves; a pure rule (rules/) runs nothing of
 * Fastify, the store or the plugins; the wiring outside modules/ never imports a feature.
 */
const API_LAYERS = {
  routes: ['api/src/modules/**/*routes.ts', 'api/src/modules/**/@(responses|module|modules).ts', 'api/src/@(app|server).ts', 'api/src/seed/**'],
  useCases: ['api/src/modules/**/use-cases/**', 'api/src/modules/**/*-service.ts', 'api/src/modules/**/*-job.ts'],
  repositories: ['api/src/modules/**/*-repository.ts'],
  rules: ['api/src/modules/*/rules/**'],
  schemas: ['api/src/**/schemas.ts', 'api/src/**/*-schemas.ts'],
  documents: ['api/src/modules/*/documents.ts'],
  wiring: ['api/src/plugins/**', 'api/src/http/**', 'api/src/@(config).ts'],
  store: ['api/src/store/**'],
};
const LAYER_MESSAGE = 'Na API, os imports descem: rotas → casos de uso → repositórios → armazenamento (api/src/modules/README.md).';
const apiZones = [
  { target: API_LAYERS.repositories, from: [...API_LAYERS.useCases, ...API_LAYERS.routes], message: `Um repositório não importa casos de uso nem rotas. ${LAYER_MESSAGE}` },
  { target: API_LAYERS.useCases, from: API_LAYERS.routes, message: `Um caso de uso não importa rotas nem respostas. ${LAYER_MESSAGE}` },
  {
    target: API_LAYERS.rules,
    from: [...API_LAYERS.routes, ...API_LAYERS.useCases, ...API_LAYERS.repositories, ...API_LAYERS.wiring, ...API_LAYERS.store],
    except: ['**/http/app-error.ts', '**/http/format.ts'],
    message: 'Uma regra pura (rules/) não depende de rotas, casos de uso, repositórios, plugins nem do armazenamento.',
  },
  { target: API_LAYERS.schemas, from: ['api/src/**'], except: ['**/schemas.ts', '**/*-schemas.ts', '**/documents.ts'], message: 'Schemas só importam typebox, outros schemas e documents.ts: nenhum código que rode.' },
  { target: API_LAYERS.documents, from: ['api/src/**'], except: ['**/documents.ts'], message: 'documents.ts só tem tipos e listas de valores: importa só outros documents.ts.' },
  { target: [...API_LAYERS.wiring, ...API_LAYERS.store], from: ['api/src/modules/**', 'api/src/seed/**', 'api/src/@(app|server).ts'], except: ['**/documents.ts'], message: 'A infraestrutura (plugins/, http/, store/) não depende das features de api/src/modules (só dos tipos em documents.ts).' },
  { target: API_LAYERS.store, from: [...API_LAYERS.wiring], message: 'O armazenamento (store/) é a camada de baixo: não importa plugins nem http/.' },
];

/** Zones for import-x/no-restricted-paths: each frontend may not reach into the others. */
const zones = FRONTENDS.map((target) => ({
  target: `./${target}`,
  from: FRONTENDS.filter((other) => other !== target).map((other) => `./${other}`),
  message: 'Remotes e shell só se falam pelo pacote @clube/platform.',
}));

/**
 * Zones for the areas of each remote: every folder of `<remote>/src/` except `shared/` (what the
 * areas share) and `__tests__/`, read from the disk so a new area is covered without editing this.
 * An area imports only itself and shared/; shared/ imports no area. Tests are left out: they render
 * the remote's whole routes (src/routes.tsx) and use src/__tests__/support.
 */
const AREA_SHARED = 'shared';
const areaZones = Object.values(registry.remotes).flatMap(({ dir }) => {
  const areas = readdirSync(`${dir}/src`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== AREA_SHARED && entry.name !== '__tests__')
    .map((entry) => entry.name);
  return [
    ...areas.map((area) => ({
      target: `./${dir}/src/${area}`,
      from: `./${dir}/src`,
      except: [`./${area}`, `./${AREA_SHARED}`],
      message: `Uma área do remote só importa a si mesma e src/${AREA_SHARED}/: mova para ${dir}/src/${AREA_SHARED}/ o que as áreas compartilham.`,
    })),
    {
      target: `./${dir}/src/${AREA_SHARED}`,
      from: `./${dir}/src`,
      except: [`./${AREA_SHARED}`],
      message: `src/${AREA_SHARED}/ é o que as áreas do remote compartilham: não importa nenhuma área.`,
    },
  ];
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '.data/**', 'artifacts/**', '**/.tmp/**'] },
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })] },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-restricted-paths': ['error', { zones }],
    },
  },
  {
    files: FRONTENDS.map((dir) => `${dir}/src/**`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(shell|remote-[a-z]+)(/|$)|(^|/)(shell|remote-[a-z]+)/src(/|$)',
              message: 'Remotes e shell só se falam pelo pacote @clube/platform.',
            },
            {
              // `@clube/platform/data` and `/subscription-words` are public entries: stateless helpers each frontend bundles.
              // `/first-view` is the server-side renderer each remote's src/first-view.tsx builds for Node.
              group: ['@clube/platform/*', '!@clube/platform/data', '!@clube/platform/subscription-words', '!@clube/platform/first-view'],
              message: 'Importe de "@clube/platform" (o singleton compartilhado), de "@clube/platform/data", de "@clube/platform/subscription-words" ou (só no src/first-view.tsx, que roda no servidor) de "@clube/platform/first-view", nunca de um arquivo interno.',
            },
          ],
        },
      ],
    },
  },
  {
    // The shell provides a tree-shaken react-router-dom (shell/src/shared/react-router-dom.ts): a name
    // outside it would be undefined in production, so only those names may be imported.
    files: [...FRONTENDS.map((dir) => `${dir}/src/**`), 'packages/*/src/**'],
    ignores: ['**/__tests__/**', '**/*.test.*'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router-dom',
              allowImportNames: webpackShared.ROUTER_EXPORTS,
              allowTypeImports: true,
              message: 'O shell compartilha só parte do react-router-dom (webpack.shared.js, ROUTER_EXPORTS); acrescente o nome lá e em shell/src/shared/react-router-dom.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The federation's zones again (a rule set here replaces the one above for these files), plus the areas'.
    files: Object.values(registry.remotes).map((remote) => `${remote.dir}/src/**`),
    ignores: ['**/__tests__/**', '**/*.test.*'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...zones, ...areaZones] }] },
  },
  {
    files: ['api/src/**/*.ts'],
    settings: { 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.js'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: apiZones, basePath: import.meta.dirname }] },
  },
  {
    // A pure rule runs nothing of Fastify (nor its plugins): it is a function of its inputs.
    files: ['api/src/modules/*/rules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['fastify', 'fastify-plugin', '@fastify/*'], message: 'Uma regra pura (rules/) não importa nada do Fastify.' }] },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...declaredImports(),
);

// --- Every workspace declares what it imports (issue 24) ---------------------------------------
// An import of a package its own package.json does not declare builds today only because npm
// hoists another workspace's copy to the root; a change there would break it. Shipped code may use
// its workspace's dependencies and peerDependencies; tests, benches, scripts and build configs may
// also use devDependencies, the workspace's or the root's (where the shared tooling lives), and so
// may a remote's harness (its dev-only entry) and the whole browser suite (e2e/).
function declaredImports() {
  const root = import.meta.dirname;
  const devFiles = ['**/__tests__/**', '**/*.test.*', 'test/**', 'bench/**', 'scripts/**', '*.config.{js,cjs,mjs}', 'src/harness.tsx'];
  const rule = (packageDir, devDependencies) => [
    'error',
    { packageDir, devDependencies, peerDependencies: true, optionalDependencies: false, includeTypes: true, includeInternal: true },
  ];
  return [
    { files: ['**/*.{ts,tsx,js,mjs,cjs}'], rules: { 'import-x/no-extraneous-dependencies': rule([root], true) } },
    ...rootPackage.workspaces.map((dir) => ({
      files: [`${dir}/**/*.{ts,tsx,js,mjs,cjs}`],
      rules: {
        // Absolute globs: where the checkout itself lives (a folder named test/, say) must not count.
        'import-x/no-extraneous-dependencies': rule([`${root}/${dir}`, root], dir === 'e2e' ? true : devFiles.map((glob) => `${root}/${dir}/${glob}`)),
      },
    })),
  ];
}
