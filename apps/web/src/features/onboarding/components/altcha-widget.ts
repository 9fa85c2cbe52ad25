// Loaded on the phone step only (use-bot-check.ts imports it on demand): the widget and its worker stay out
// of every other page's scripts. The external build ships no inline worker or style, so the strict
// Content-Security-Policy holds: the worker is a file of this origin (decision 094).
import 'altcha/external';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import ShaWorker from 'altcha/workers/sha?worker';

const ALGORITHM = 'SHA-256';
const registry = (globalThis as unknown as { $altcha: { algorithms: Map<string, () => Worker> } }).$altcha;
if (!registry.algorithms.has(ALGORITHM)) registry.algorithms.set(ALGORITHM, () => new ShaWorker());

export type BotCheckWidget = {
  /** Solves the challenge; resolves with the payload the server checks, null when the widget gave up. */
  solve: () => Promise<string | null>;
  remove: () => void;
};

/** An invisible ALTCHA widget in `host` holding one challenge; `onExpired` when its time runs out unsolved. */
export async function createWidget(
  host: HTMLElement,
  challenge: object,
  onExpired: () => void,
): Promise<BotCheckWidget> {
  const el = document.createElement('altcha-widget') as AltchaWidgetElement;
  el.addEventListener('expired', onExpired);
  host.append(el);
  await customElements.whenDefined('altcha-widget');
  await el.configure({
    challenge: challenge as never,
    auto: 'off',
    display: 'invisible',
    hideFooter: true,
    hideLogo: true,
    humanInteractionSignature: false,
    minDuration: 0,
  });
  return {
    solve: async () => (await el.verify())?.payload ?? null,
    remove: () => el.remove(),
  };
}
