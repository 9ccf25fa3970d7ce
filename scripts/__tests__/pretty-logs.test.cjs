const { PassThrough } = require('node:stream');
const { prettyLogLine, printPrettyLogs } = require('../pretty-logs.cjs');

// A line as the API writes it (Fastify's pino logger: JSON, one object a line).
const REQUEST_COMPLETED = JSON.stringify({
  level: 30,
  time: Date.UTC(2026, 10, 26, 14, 3, 12),
  pid: 4242,
  hostname: 'api-1',
  reqId: 'req-7',
  res: { statusCode: 201 },
  responseTime: 3.5,
  msg: 'request completed',
});
const BANNER = 'API do Clube em http://localhost:3000/v1 (dados: embedded; documentação: /v1/docs)';

describe('npm start / npm run dev: the API console', () => {
  test('When the API logs a JSON line, then the console shows time, level and message on one line, with the fields after it', () => {
    const line = prettyLogLine()(REQUEST_COMPLETED);
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: request completed \{.*"reqId":"req-7".*"statusCode":201.*\}$/);
    expect(line).not.toMatch(/"level"|"pid"|"hostname"|api-1/);
  });

  test('When a line is not a log object, then it is printed as it came', () => {
    expect(prettyLogLine()(BANNER)).toBe(BANNER);
  });

  test('When lines arrive split across chunks from the child, then each is printed whole and readable', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let printed = '';
    output.on('data', (chunk) => (printed += chunk));
    printPrettyLogs(input, output);
    const text = `${BANNER}\n${REQUEST_COMPLETED}\n`;
    input.write(text.slice(0, 100));
    input.end(text.slice(100));
    await new Promise((resolve) => setImmediate(resolve));
    const lines = printed.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(BANNER);
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: request completed /);
  });
});
