import { createActors, startTestApp } from '../helpers/app';
import { MATRIX_GROUPS } from './groups';
import type { MatrixContext } from './matrix';

/**
 * One listening app with the four actors and every group's fixtures, shared by the suites that
 * walk the matrix rows (authorization, hostile input). Call from beforeAll; close ctx.testApp after.
 */
export async function prepareMatrixContext(): Promise<MatrixContext> {
  const testApp = await startTestApp();
  const ctx: MatrixContext = { testApp, actors: await createActors(testApp), fixtures: {} };
  for (const group of MATRIX_GROUPS) await group.prepare?.(ctx);
  return ctx;
}
