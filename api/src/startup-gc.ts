import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * One full garbage collection, once the app is ready and before it serves (server.ts, and the
 * bench's server as it mirrors it). Not for tests: they build hundreds of apps.
 *
 * Why: compiling the routes' response schemas (fast-json-stringify; 143 compilations since
 * http/serialization.ts, 2,119 before) names each schema `__fjs_root_<n>` and keeps it in objects
 * that start empty (`{}`), so every compilation adds new property names to the one hidden class all
 * empty objects start from.
 * V8 keeps at most 1,536 such branches; past that, until a full collection drops the dead ones, an
 * empty object that gets a property builds hidden classes of its own, every time. Fastify's reply
 * headers and Node's request headers are such objects: before this, the first ~50,000 requests
 * after a start (until V8's first full collection came by itself, after 15 s of load) each built
 * new hidden classes for both, and every property access on them missed its cache. The bench's
 * profile read from a fresh start, 8 s of load, 4 alternating starts each (27 Nov 2026): 5,790–8,398
 * req/s and 125–179 µs of CPU per request without, 9,712–11,798 req/s and 86–104 µs with; 13.5 →
 * 10.6 kB allocated per request (sampling heap profiler). test/startup-gc.test.ts checks it.
 *
 * How: as Jest's leak detector does, `gc` exposed for one call and hidden again.
 */
export function collectStartupGarbage(): void {
  setFlagsFromString('--expose-gc');
  try {
    (runInNewContext('gc') as () => void)();
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}
