import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../plugins/mail.ts';
import { createIdentityRepository } from '../identity/repository.ts';
import { createNotificationsRepository } from '../notifications/repository.ts';
import { createNotificationsService } from '../notifications/service.ts';
import { auditEntries } from './audit/service.ts';
import { createInvitesRepository } from './invites/repository.ts';
import { createInvitesService } from './invites/service.ts';
import { createUsersRepository } from './users/repository.ts';
import { createUsersService } from './users/service.ts';
import { createVerificationRepository } from './verification/repository.ts';
import { createVerificationService } from './verification/service.ts';

/** The console's services for the operator CLI: the same rules and audit rows, without a server. */
export function createOperatorServices(deps: {
  db: Db;
  config: Config;
  mailer: Mailer;
  now: () => number;
  log: FastifyBaseLogger;
  /** Tells the running server instances the member was signed out (PostgreSQL: over the bus). */
  signedOut?: (userId: string) => Promise<void>;
}) {
  const { db, config, mailer, now, log } = deps;
  const audit = auditEntries(now);
  const notifications = createNotificationsService({
    db,
    repo: createNotificationsRepository(db),
    // No workers here: a running server's mail-sweep and push-sweep jobs send what this writes.
    outbox: { kick: () => {} },
    push: { kick: () => {} },
    publicUrl: config.publicUrl,
    now,
    log,
    // No sockets here: the guide sees the notification on their next visit.
    publish: async () => {},
  });
  return {
    invites: createInvitesService({ repo: createInvitesRepository(db), mailer, config, log, audit }),
    verification: createVerificationService({
      repo: createVerificationRepository(db),
      notifications,
      evidence: createIdentityRepository(db).evidence,
      mailer,
      config,
      now,
      log,
      audit,
    }),
    users: createUsersService({ repo: createUsersRepository(db), config, audit, signedOut: deps.signedOut }),
  };
}

export type OperatorServices = ReturnType<typeof createOperatorServices>;
