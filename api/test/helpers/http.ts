export interface CallOptions {
  token?: string | undefined;
  /** JSON-serialised unless `rawBody` is given. */
  body?: unknown;
  rawBody?: string;
  /** A multipart body (uploads); fetch sets the boundary header. */
  formData?: FormData;
  query?: Record<string, string | number | boolean | string[]>;
  headers?: Record<string, string>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of any route; each test narrows it by its assertions
export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** One real HTTP request to a listening app; parses JSON answers. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of any route; each test narrows it by its assertions
export async function call<T = any>(baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
  const url = new URL(path, baseUrl);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
  }
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | FormData | undefined;
  if (options.formData !== undefined) {
    body = options.formData;
  } else if (options.rawBody !== undefined) {
    body = options.rawBody;
    headers['content-type'] ??= 'application/json';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(url, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
  return { status: response.status, body: parsed as T, headers: response.headers };
}

export function expectErrorShape(result: CallResult, status?: number): void {
  if (status !== undefined) expect(result.status).toBe(status);
  expect(result.body).toEqual({
    statusCode: result.status,
    code: expect.stringMatching(/^[A-Z][A-Z_]+$/),
    message: expect.any(String),
  });
  // Portuguese sentence for people, never a stack or an internal detail.
  expect(result.body.message).not.toMatch(/Error:|\bat \w+ \(|mongo|E11000|stack|undefined/i);
}
