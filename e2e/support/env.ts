// The browser suite runs the product on its own ports, so it never collides with a running `npm start`.
// E2E_PORT_OFFSET shifts them all, so two checkouts can run their suites side by side.
import registry from '../../remotes.config.json';

const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);

/** The shell and the remotes of the registry (remotes.config.json), each on its usual port + 10000. */
export type FrontendName = 'shell' | keyof typeof registry.remotes;
export const FRONTEND_NAMES = ['shell', ...Object.keys(registry.remotes)] as FrontendName[];
const FRONTEND_PORTS = Object.fromEntries(
  FRONTEND_NAMES.map((name) => [name, (name === 'shell' ? registry.shell.port : registry.remotes[name].port) + 10000]),
) as Record<FrontendName, number>;
// smtp and inbox: the dev mail server (api/scripts/dev-mail-server.ts) the API sends through;
// pixStandIn: the stand-in PSP the API starts (the tests read a recurrence back from it).
const BASE_PORTS = { ...FRONTEND_PORTS, kit: 18085, api: 13000, brasilApi: 13001, posthog: 13002, smtp: 13003, inbox: 13004, pixStandIn: 13005 };
export const E2E_PORTS = Object.fromEntries(
  Object.entries(BASE_PORTS).map(([name, port]) => [name, port + offset]),
) as Readonly<Record<keyof typeof BASE_PORTS, number>>;

Object.assign(process.env, {
  PORT: String(E2E_PORTS.shell),
  ...Object.fromEntries(FRONTEND_NAMES.filter((name) => name !== 'shell').map((name) => [`REMOTE_${name.toUpperCase()}_PORT`, String(E2E_PORTS[name])])),
  API_PORT: String(E2E_PORTS.api),
  BRASIL_API_URL: `http://localhost:${E2E_PORTS.brasilApi}/api`,
});
