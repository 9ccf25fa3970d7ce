import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { screenshot } from './browser';

/** axe-core's source, evaluated through DevTools: the shell's CSP refuses an inline <script> tag (#26). */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** axe-core's WCAG 2.x A/AA rules and best practices on the whole page; only serious and critical findings count. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help} → ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`);
}

/**
 * The checks every page of a journey gets: screenshots at 1280 and 360 px (`<name>-1280`,
 * `<name>-360`), no serious or critical axe finding at either width, and nothing scrolling
 * sideways at 360 px; the viewport goes back to 1280.
 */
export async function checkPage(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await screenshot(page, `${name}-1280`);
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.waitForTimeout(200);
  await screenshot(page, `${name}-360`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect({ page: name, overflow }).toEqual({ page: name, overflow: 0 });
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
}
