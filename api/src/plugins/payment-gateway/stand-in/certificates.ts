import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The stand-in PSP's certificates, made with `openssl` on first start (and kept in `dir`, e.g.
 * `.data/pix-stand-in/`): a CA of its own, the PSP's server certificate (127.0.0.1 / localhost)
 * and the club's client certificate — as a PEM pair and as a PKCS#12 bundle, the two forms banks
 * hand out. The club's side trusts the CA the way it would trust a bank's chain.
 */
export interface StandInCertificates {
  dir: string;
  ca: Buffer;
  serverCert: Buffer;
  serverKey: Buffer;
  clientCert: Buffer;
  clientKey: Buffer;
  clientPfx: Buffer;
  pfxPassphrase: string;
  /** The same files by name (what PIX_API_CERT / PIX_API_KEY / PIX_API_PFX / PIX_API_CA would name). */
  files: { ca: string; clientCert: string; clientKey: string; clientPfx: string };
}

const FILES = {
  ca: 'ca.pem',
  caKey: 'ca-key.pem',
  serverCert: 'psp.pem',
  serverKey: 'psp-key.pem',
  clientCert: 'clube.pem',
  clientKey: 'clube-key.pem',
  clientPfx: 'clube.p12',
} as const;

/** The stand-in's PKCS#12 passphrase (development only: nothing here guards real money). */
export const STAND_IN_PFX_PASSPHRASE = 'clube-stand-in';

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: 'pipe' });
}

function issue(dir: string, name: 'psp' | 'clube', subject: string, extensions: string): void {
  const key = name === 'psp' ? FILES.serverKey : FILES.clientKey;
  const cert = name === 'psp' ? FILES.serverCert : FILES.clientCert;
  openssl(['req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', `${name}.csr`, '-subj', subject], dir);
  writeFileSync(path.join(dir, `${name}.ext`), extensions);
  openssl(['x509', '-req', '-in', `${name}.csr`, '-CA', FILES.ca, '-CAkey', FILES.caKey, '-CAcreateserial', '-days', '825', '-sha256', '-out', cert, '-extfile', `${name}.ext`], dir);
}

const complete = (dir: string) => Object.values(FILES).every((name) => existsSync(path.join(dir, name)));

function generate(dir: string): void {
  openssl(['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', FILES.caKey, '-out', FILES.ca, '-days', '3650', '-subj', '/CN=PSP substituto do Clube (stand-in) CA'], dir);
  issue(dir, 'psp', '/CN=127.0.0.1', 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  issue(dir, 'clube', '/CN=clube-cliente-api-pix', 'extendedKeyUsage=clientAuth\n');
  openssl(['pkcs12', '-export', '-in', FILES.clientCert, '-inkey', FILES.clientKey, '-out', FILES.clientPfx, '-passout', `pass:${STAND_IN_PFX_PASSPHRASE}`], dir);
}

/**
 * Makes the certificates once, then reads them. They are made in a private folder next to `dir`
 * and renamed into place in one step, so processes starting together (Jest workers, the FerretDB
 * pass, `npm start`'s API and the e2e stack) never read a half-written set: the first rename wins,
 * the others drop theirs and read the winner's.
 */
export function ensureStandInCertificates(dir: string): StandInCertificates {
  const file = (name: string) => path.join(dir, name);
  if (!complete(dir)) {
    mkdirSync(path.dirname(dir), { recursive: true });
    const draft = mkdtempSync(`${dir}.draft-`);
    try {
      generate(draft);
      // A folder left incomplete by an older version (files written one by one): replace it.
      if (existsSync(dir) && !complete(dir)) rmSync(dir, { recursive: true, force: true });
      try {
        renameSync(draft, dir);
      } catch (error) {
        // Another process renamed its set first (ENOTEMPTY / EEXIST): use that one.
        if (!complete(dir)) throw error;
      }
    } finally {
      rmSync(draft, { recursive: true, force: true });
    }
  }
  return {
    dir,
    ca: readFileSync(file(FILES.ca)),
    serverCert: readFileSync(file(FILES.serverCert)),
    serverKey: readFileSync(file(FILES.serverKey)),
    clientCert: readFileSync(file(FILES.clientCert)),
    clientKey: readFileSync(file(FILES.clientKey)),
    clientPfx: readFileSync(file(FILES.clientPfx)),
    pfxPassphrase: STAND_IN_PFX_PASSPHRASE,
    files: { ca: file(FILES.ca), clientCert: file(FILES.clientCert), clientKey: file(FILES.clientKey), clientPfx: file(FILES.clientPfx) },
  };
}
