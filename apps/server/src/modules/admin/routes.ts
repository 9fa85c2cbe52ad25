import { summaryResponseSchema } from '@lokal/shared/schemas/admin';
import { requireSession } from '../../plugins/sessions.ts';
import type { ModulePlugin } from '../context.ts';
import { accountsRoutes } from './accounts/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { errors, security, tags } from './console.ts';
import { createInvitesRepository } from './invites/repository.ts';
import { invitesRoutes } from './invites/routes.ts';
import { outboxRoutes } from './outbox/routes.ts';
import { createReportsRepository } from './reports/repository.ts';
import { reportsRoutes } from './reports/routes.ts';
import { usersRoutes } from './users/routes.ts';
import { createVerificationRepository } from './verification/repository.ts';
import { verificationRoutes } from './verification/routes.ts';

// The staff console: one area per screen, each with its own repository; all of them staff only.
export const adminModule: ModulePlugin = async (app, { ctx }) => {
  // Checked on request, before the body is even read: nobody but staff learns anything here, not even
  // whether their input would have been valid.
  requireSession(app, 'staff');

  const { db } = ctx;
  const waiting = {
    verifications: createVerificationRepository(db).waitingCount,
    waitlist: createInvitesRepository(db).waitingCount,
    reports: createReportsRepository(db).openCount,
  };

  app.get(
    '/summary',
    {
      schema: {
        tags,
        security,
        summary: 'What waits for staff: guides to review, waitlist requests, open reports',
        response: { 200: summaryResponseSchema, ...errors },
      },
    },
    async () => {
      const [pendingVerifications, waitlist, openReports] = await Promise.all([
        waiting.verifications(),
        waiting.waitlist(),
        waiting.reports(),
      ]);
      return { pendingVerifications, waitlist, openReports };
    },
  );

  // Same prefix: the areas' paths already name them (/verifications, /invites, /waitlist …).
  for (const area of [
    verificationRoutes,
    invitesRoutes,
    reportsRoutes,
    usersRoutes,
    accountsRoutes,
    auditRoutes,
    outboxRoutes,
  ]) {
    await app.register(area, { ctx });
  }
};
