import './env';
import { startStack, type Stack } from './stack';

declare global {
  var __CLUBE_STACK__: Stack | undefined;
}

export default async function globalSetup(): Promise<void> {
  globalThis.__CLUBE_STACK__ = await startStack();
}
