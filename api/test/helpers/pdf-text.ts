import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

// unpdf (PDF.js) is an ES module that loads its worker with a dynamic import, which Jest's VM
// cannot do without --experimental-vm-modules; a plain Node child process reads the PDF instead.
const SCRIPT = `
const { extractText, getDocumentProxy } = await import('unpdf');
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const pdf = await getDocumentProxy(new Uint8Array(Buffer.concat(chunks)));
const { text } = await extractText(pdf, { mergePages: true });
process.stdout.write(text);
`;

/** The text a PDF reader would show, pages joined, read with PDF.js (unpdf). */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const child = run(process.execPath, ['--input-type=module', '-e', SCRIPT], { cwd: __dirname, maxBuffer: 32 * 1024 * 1024 });
  child.child.stdin?.end(Buffer.from(pdf));
  const { stdout } = await child;
  return stdout;
}
