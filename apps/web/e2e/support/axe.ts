import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// axe-core, evaluated into the page through the DevTools protocol: the app's CSP (script-src 'self', no
// inline scripts) does not apply to what the test driver evaluates, so the policy stays as users get it.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// The impacts that fail a test. AXE_IMPACTS=minor,moderate,serious,critical lists everything axe finds.
const GATED = (process.env.AXE_IMPACTS ?? 'serious,critical').split(',');

export type AxeFinding = {
  where: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
};

/** Waits until nothing on the page says it is still loading (skeletons mark themselves aria-busy). */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, {
    timeout: 10_000,
  });
  // Colours mid-transition (a chip just chosen) are not what anyone reads: audit the finished state
  // (transitions only; a spinner's animation never ends).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition && a.playState === 'running')
        .map((a) => a.finished.catch(() => {})),
    ),
  );
}

/** Runs axe on the whole page as it is now and returns its serious and critical violations. */
export async function seriousViolations(page: Page, where: string): Promise<AxeFinding[]> {
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (gated) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is the global the evaluated script defines
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return (
      result.violations as {
        id: string;
        impact: string;
        help: string;
        nodes: { target: unknown[] }[];
      }[]
    )
      .filter((v) => gated.includes(v.impact))
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.map(String).join(' ')),
      }));
  }, GATED);
  return violations.map((v) => ({ where, ...v }));
}

/** One line per violation: where, rule, impact, what it asks, and the selectors of the offending nodes. */
export function formatFindings(findings: AxeFinding[]): string {
  return findings
    .map(
      (f) =>
        `${f.where}: ${f.id} (${f.impact}) — ${f.help}\n${f.targets.map((t) => `      ${t}`).join('\n')}`,
    )
    .join('\n');
}

/** Asserts the page as it is now has no serious or critical violation, listing each one otherwise. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const findings = await seriousViolations(page, where);
  if (findings.length)
    throw new Error(`axe found serious or critical violations:\n${formatFindings(findings)}`);
}
