import type { OutboxItem } from '@lokal/shared/schemas/admin';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Mail, Mailer } from '../../plugins/mail.ts';
import { createOutboxRepository, type OutboxRow } from './repository.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** Tries before a message is given up: 10 s doubling to 1 h between them, about 1.5 h in all (decision 085). */
export const MAX_ATTEMPTS = 10;
const FIRST_RETRY_MS = 10 * SECOND;
const LONGEST_RETRY_MS = 60 * MINUTE;
/** Longer than a try can take with the SMTP timeouts, so a live worker never loses its row. */
const LEASE_MS = 5 * MINUTE;
const BATCH = 10;

/** When the try after `attempts` failed tries is due. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

/** An SMTP failure in words, for the log and the staff console. */
export function describeMailError(err: unknown): string {
  const e = (err ?? {}) as { code?: string; responseCode?: number; response?: string; message?: string };
  // The server's reply starts with its code ("451 Mailbox busy"); without one, the code alone.
  const reply = e.response?.slice(0, 160) ?? String(e.responseCode);
  if (e.responseCode && e.responseCode >= 500) return `The mail server refused the message (${reply})`;
  if (e.responseCode && e.responseCode >= 400) return `The mail server asked to try again later (${reply})`;
  if (e.code === 'ETIMEDOUT') return 'The mail server did not answer in time';
  if (e.code === 'EAUTH') return 'The mail server refused our sign-in (check SMTP_URL)';
  if (e.code === 'ECONNECTION' || e.code === 'ESOCKET' || e.code === 'ECONNREFUSED')
    return 'Could not reach the mail server';
  return (e.message ?? String(err)).slice(0, 200) || 'Unknown error';
}

/** `jane@example.com` → `j•••@example.com`: enough for staff to tell messages apart. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${address[0]}•••${address.slice(at)}`;
}

export function toOutboxItem(row: OutboxRow): OutboxItem {
  return {
    id: row.id,
    kind: row.kind,
    recipient: maskAddress(row.recipient),
    status: row.status === 'failed' ? 'failed' : 'pending',
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The mail outbox (decision 085): `send` writes the message and kicks this instance's worker, which claims
 * due messages (once across instances), sends them through the transport and retries with backoff. No
 * request waits on the mail server. The mail-sweep job kicks it too, for retries and other instances' rows.
 */
export function createOutbox(deps: { db: Db; transport: Mailer; now: () => number; log: FastifyBaseLogger }) {
  const { transport, now, log } = deps;
  const repo = createOutboxRepository(deps.db);
  const afterSent = new Map<string, (ref: string) => Promise<void>>();
  const stillWanted = new Map<string, (ref: string) => Promise<boolean>>();
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  async function deliver(row: OutboxRow): Promise<void> {
    const wanted = stillWanted.get(row.kind);
    if (wanted && row.ref && !(await wanted(row.ref))) {
      await repo.drop(row);
      return;
    }
    try {
      await transport.send({
        to: row.recipient,
        subject: row.subject,
        text: row.text ?? '',
        html: row.html ?? '',
        ...(row.consoleLine ? { consoleLine: row.consoleLine } : {}),
        ...(row.calendar && row.calendarMethod
          ? { calendar: { method: row.calendarMethod, content: row.calendar } }
          : {}),
      });
    } catch (err) {
      const error = describeMailError(err);
      const at = new Date(now());
      if (row.attempts >= MAX_ATTEMPTS) {
        log.error({ err, outbox: row.id, kind: row.kind }, 'mail given up');
        await repo.markFailed(row, error, at);
      } else {
        log.warn({ err, outbox: row.id, kind: row.kind, attempts: row.attempts }, 'mail failed; will retry');
        await repo.markRetry(row, error, new Date(at.getTime() + retryDelayMs(row.attempts)), at);
      }
      return;
    }
    if (!(await repo.markSent(row, new Date(now())))) return;
    const then = afterSent.get(row.kind);
    if (then && row.ref) {
      await then(row.ref).catch((err) => log.error({ err, outbox: row.id }, 'after-send step failed'));
    }
  }

  /** Claims and sends batches until nothing is due (again when kicked meanwhile). */
  async function work(): Promise<void> {
    do {
      again = false;
      for (;;) {
        const t = now();
        const rows = await repo.claim(new Date(t), new Date(t + LEASE_MS), BATCH);
        if (rows.length === 0) break;
        await Promise.all(rows.map(deliver));
        if (closed) return;
      }
    } while (again && !closed);
  }

  function kick(): Promise<void> {
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = work()
      .catch((err) => log.error({ err }, 'outbox worker failed'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    /** Writes a message (outside any transaction) and kicks the worker: the app's Mailer. */
    async send(mail: Mail): Promise<void> {
      await repo.insert({
        kind: mail.kind ?? 'notification',
        recipient: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        consoleLine: mail.consoleLine ?? null,
        calendar: mail.calendar?.content ?? null,
        calendarMethod: mail.calendar?.method ?? null,
        createdAt: new Date(now()),
      });
      void kick();
    },
    /** Sends what is due now, after a commit that wrote messages. */
    kick: () => void kick(),
    /** Resolves once nothing is due that this instance can claim (tests wait on it instead of sleeping). */
    async drain(): Promise<void> {
      await kick();
    },
    /** What to do once a message of this kind is accepted by the mail server (decision 085). */
    onSent(kind: string, step: (ref: string) => Promise<void>) {
      afterSent.set(kind, step);
    },
    /** Asked just before a message of this kind is sent: false drops it (a reminder of a cancelled booking). */
    sendOnlyIf(kind: string, check: (ref: string) => Promise<boolean>) {
      stillWanted.set(kind, check);
    },
    /** Since when messages of this kind have been failing, or null. */
    failingSince: (kind: string) => repo.failingSince(kind),
    /** Gives up unsent messages of a kind that are no use after `maxAgeMs` (a sign-in link's life). */
    giveUpOlderThan: (kind: string, maxAgeMs: number, error: string) =>
      repo.giveUp(kind, new Date(now() - maxAgeMs), error),
    /** Messages given up or waiting after a failure (or for over a minute), newest first. */
    async stuck(): Promise<OutboxItem[]> {
      return (await repo.stuck(new Date(now() - MINUTE), 100)).map(toOutboxItem);
    },
    /** The mail-sweep job: gives up what is no use, prunes old rows, sends what is due; rows handled. */
    async sweep(): Promise<number> {
      const t = now();
      const pruned = await repo.prune(
        new Date(t - 7 * 24 * 60 * MINUTE),
        new Date(t - 30 * 24 * 60 * MINUTE),
      );
      await kick();
      return pruned;
    },
    /** Stops kicking and waits for the batch under way (before the database closes). */
    async close(): Promise<void> {
      closed = true;
      await running;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
