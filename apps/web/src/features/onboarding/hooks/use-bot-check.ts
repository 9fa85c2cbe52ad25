import { BOT_CHECK_MESSAGES } from '@lokal/shared/constants/onboarding';
import { useCallback, useEffect, useRef } from 'react';
import { onDemand } from '../../../lib/on-demand.ts';
import { getBotCheckChallenge } from '../api/get-bot-check-challenge.ts';
import type { BotCheckWidget } from '../components/altcha-widget.ts';

const widgetModule = onDemand(() => import('../components/altcha-widget.ts'));

/** A bot-check failure in the browser: its message is one of BOT_CHECK_MESSAGES. */
export class BotCheckError extends Error {}

class HostMissing extends Error {}

/**
 * The invisible bot check before a code is sent (docs/product.md#onboarding, decision 094). A challenge is
 * fetched and solved as soon as the step opens, so Send does not wait for it; each send takes one solution
 * and the next challenge is prepared at once (each is accepted once). Render `<div ref={host} hidden />`.
 */
export function useBotCheck() {
  const host = useRef<HTMLDivElement>(null);
  const pending = useRef<Promise<string | undefined> | null>(null);
  const widget = useRef<BotCheckWidget | null>(null);
  const expired = useRef(false);

  const prepare = useCallback(() => {
    widget.current?.remove();
    widget.current = null;
    expired.current = false;
    const solving = (async () => {
      const { challenge } = await getBotCheckChallenge();
      // The server's bot check is off: nothing to solve.
      if (!challenge) return undefined;
      const { createWidget } = await widgetModule();
      if (!host.current) throw new HostMissing();
      const w = await createWidget(host.current, challenge, () => {
        expired.current = true;
      });
      widget.current = w;
      const payload = await w.solve();
      if (!payload) throw new Error('The bot check was not solved');
      return payload;
    })();
    // Failures are told when a code is asked for (take), not while the member is still typing.
    solving.catch(() => undefined);
    pending.current = solving;
    return solving;
  }, []);

  useEffect(() => {
    prepare();
    return () => {
      widget.current?.remove();
      widget.current = null;
      pending.current = null;
    };
  }, [prepare]);

  /** The solution for one send (undefined while the server's check is off); throws a BotCheckError. */
  const take = useCallback(async (): Promise<string | undefined> => {
    if (!host.current) throw new BotCheckError(BOT_CHECK_MESSAGES.missing);
    if (expired.current) {
      prepare();
      throw new BotCheckError(BOT_CHECK_MESSAGES.expired);
    }
    let payload: string | undefined;
    try {
      payload = await (pending.current ?? prepare());
    } catch (err) {
      pending.current = null;
      throw new BotCheckError(
        err instanceof HostMissing ? BOT_CHECK_MESSAGES.missing : BOT_CHECK_MESSAGES.initFailed,
      );
    }
    if (expired.current) {
      prepare();
      throw new BotCheckError(BOT_CHECK_MESSAGES.expired);
    }
    prepare();
    return payload;
  }, [prepare]);

  return { host, take };
}
