// The browser suite runs the product on its own ports, so it never collides with a running `npm start`.
// E2E_PORT_OFFSET shifts them all, so two checkouts can run their suites side by side.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const BASE_PORTS = { shell: 18080, auth: 18081, catalog: 18082, account: 18083, admin: 18084, kit: 18085, api: 13000, brasilApi: 13001, posthog: 13002 };
export const E2E_PORTS = Object.fromEntries(
  Object.entries(BASE_PORTS).map(([name, port]) => [name, port + offset]),
) as Readonly<Record<keyof typeof BASE_PORTS, number>>;

Object.assign(process.env, {
  PORT: String(E2E_PORTS.shell),
  REMOTE_AUTH_PORT: String(E2E_PORTS.auth),
  REMOTE_CATALOG_PORT: String(E2E_PORTS.catalog),
  REMOTE_ACCOUNT_PORT: String(E2E_PORTS.account),
  REMOTE_ADMIN_PORT: String(E2E_PORTS.admin),
  API_PORT: String(E2E_PORTS.api),
  BRASIL_API_URL: `http://localhost:${E2E_PORTS.brasilApi}/api`,
});
