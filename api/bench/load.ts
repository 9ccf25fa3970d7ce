/**
 * The load generator of `npm run bench:api`, in its own process: autocannon's programmatic API,
 * with every 2xx response time kept at full precision. autocannon's own histogram stores whole
 * milliseconds, so a 1 ms p99 and a 1.9 ms p99 print the same; here p50 and p99 come from the
 * sorted response times (µs resolution). Prints one JSON line: req/s, totals, p50, p99, failures.
 *   node --import tsx load.ts '{"url":"…","connections":50,"duration":10,"method":"GET","headers":{},"body":""}'
 */
import autocannon from 'autocannon';

interface Options {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

const options = JSON.parse(process.argv[2] ?? '{}') as Options;
const times: number[] = [];
const percentile = (sorted: Float64Array, p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);

const instance = autocannon(
  {
    url: options.url,
    connections: options.connections,
    duration: options.duration,
    method: (options.method ?? 'GET') as 'GET',
    headers: options.headers,
    body: options.body || undefined,
  },
  (error, result) => {
    if (error) {
      console.error(error);
      process.exit(1);
    }
    const sorted = Float64Array.from(times).sort();
    console.log(
      JSON.stringify({
        rps: result.requests.average,
        total: result.requests.total,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
      }),
    );
  },
);
instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
  if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
});
