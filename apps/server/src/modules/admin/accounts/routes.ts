import { STAFF_ACTION_LABELS, STAFF_ACTIONS } from '@lokal/shared/constants/trust';
import {
  staffActionBodySchema,
  staffActionResponseSchema,
  userParamsSchema,
} from '@lokal/shared/schemas/trust';
import { chatServiceOf } from '../../chat/service.ts';
import type { ModulePlugin } from '../../context.ts';
import { notificationsOf } from '../../notifications/service.ts';
import { auditEntries } from '../audit/service.ts';
import { actorOf, errors, security, tags } from '../console.ts';
import { createAccountsRepository } from './repository.ts';
import { createAccountsService } from './service.ts';

const SUMMARIES = {
  warn: 'Warn a member with a reason (audited; the member gets a notification and an e-mail)',
  suspend:
    'Suspend a member: sessions and open tabs end, sign-in is refused, their profile leaves every list',
  reinstate: 'Lift a suspension (the member may sign in again; a guide is listed again)',
  unverify: 'Un-verify a guide: back to the review queue, limited as an unverified guide',
} as const;

export const accountsRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = createAccountsService({
    repo: createAccountsRepository(ctx.db),
    notifications: notificationsOf(ctx),
    mailer: ctx.mailer,
    config: ctx.config,
    log: ctx.log,
    audit: auditEntries(ctx.now),
    signOutSockets: (userId) => ctx.hub.signOut(userId),
    forgetSendRules: () => chatServiceOf(ctx).forgetContexts(),
  });

  for (const action of STAFF_ACTIONS) {
    app.post(
      `/users/:userId/${action}`,
      {
        schema: {
          tags,
          security,
          summary: `${STAFF_ACTION_LABELS[action]}: ${SUMMARIES[action]}`,
          params: userParamsSchema,
          body: staffActionBodySchema,
          response: { 200: staffActionResponseSchema, ...errors },
        },
      },
      async (request) => service.act(actorOf(request), action, request.params.userId, request.body),
    );
  }
};
