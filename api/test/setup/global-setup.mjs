import { isAuthEmulatorUp, startAuthEmulator } from '../../../scripts/emulator.mjs';

export default async function globalSetup() {
  process.env.FIREBASE_PROJECT_ID ??= 'demo-clube';
  process.env.GCLOUD_PROJECT ??= process.env.FIREBASE_PROJECT_ID;
  const given = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (given && (await isAuthEmulatorUp(given))) return;
  const emulator = await startAuthEmulator({ projectId: process.env.FIREBASE_PROJECT_ID });
  // Workers are forked after this, so they inherit the variable.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  globalThis.__clubeApiEmulator = emulator;
}
