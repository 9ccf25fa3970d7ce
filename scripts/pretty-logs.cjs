// `npm start` and `npm run dev` show the API's log readable: the API writes pino's JSON, one object a
// line (what production ships to its log collector, unchanged), and these scripts turn each line
// into `[14:03:12] INFO: request completed {"reqId":"req-1",…}` with pino-pretty. A line that is
// not a log object (the API's own banner, the dev mail server) is printed as it came.
const readline = require('node:readline');
const { prettyFactory } = require('pino-pretty');

/** line → the readable line (without its line break). */
function prettyLogLine({ colorize = false } = {}) {
  const pretty = prettyFactory({ colorize, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true });
  return (line) => (pretty(line) ?? '').replace(/\r?\n$/, '');
}

/** Prints every line of `input` (a child's stdout) on `output`, log objects made readable. */
function printPrettyLogs(input, output = process.stdout) {
  const pretty = prettyLogLine({ colorize: Boolean(output.isTTY) });
  readline.createInterface({ input, crlfDelay: Infinity }).on('line', (line) => output.write(`${pretty(line)}\n`));
}

module.exports = { prettyLogLine, printPrettyLogs };
