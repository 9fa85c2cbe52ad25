import { ADMIN_MESSAGES } from '@lokal/shared/constants/admin';
import type { UsersResponse } from '@lokal/shared/schemas/admin';
import type { Role } from '@lokal/shared/schemas/auth';
import type { Config } from '../../../config.ts';
import { HttpError } from '../../../plugins/errors.ts';
import type { Actor } from '../audit/repository.ts';
import type { AuditEntries } from '../audit/service.ts';
import { iso, isoOrNull, type PageQuery, pageOut, readAtCursor } from '../console.ts';
import type { UsersRepository } from './repository.ts';

export function createUsersService(deps: {
  repo: UsersRepository;
  config: Config;
  audit: AuditEntries;
  /** Tells every server instance the member was signed out (their sessions and sockets end). */
  signedOut?: (userId: string) => Promise<void>;
}) {
  const { repo, config, audit } = deps;
  return {
    async users(q: string, role: Role | undefined, query: PageQuery): Promise<UsersResponse> {
      const cursor = readAtCursor(query.cursor);
      const rows = await repo.usersPage(q, role, query.limit + 1, cursor);
      const { page, nextCursor } = pageOut(rows, query.limit, (u) => ({ at: u.cursorAt, id: u.id }));
      return {
        users: page.map(({ deletedAt, cursorAt: _, ...u }) => ({
          ...u,
          suspendedAt: isoOrNull(u.suspendedAt),
          deleted: deletedAt !== null,
          verificationStatus: u.role === 'guide' ? (u.verificationStatus ?? null) : null,
          createdAt: iso(u.createdAt),
          lastActiveAt: iso(u.lastActiveAt),
        })),
        nextCursor,
      };
    },

    // --- Staff accounts (operator CLI) ---

    /** Creates a staff account, or promotes an existing tourist or guide; either way the address is invited. */
    async addStaff(actor: Actor, email: string): Promise<'created' | 'promoted'> {
      const existing = await repo.userByEmail(email);
      if (existing?.role === 'staff') {
        throw new HttpError(409, ADMIN_MESSAGES.alreadyStaff(email), 'already-staff');
      }
      if (existing) {
        await repo.promoteToStaff(
          existing.id,
          email,
          audit(actor, 'staff.add', 'user', existing.id, { email, from: existing.role }),
        );
        await deps.signedOut?.(existing.id);
        return 'promoted';
      }
      await repo.createStaff(email, audit(actor, 'staff.add', 'user', email, { email, from: null }));
      return 'created';
    },

    async removeStaff(actor: Actor, email: string): Promise<void> {
      if (config.adminEmails.includes(email)) {
        throw new HttpError(409, ADMIN_MESSAGES.stillInConfig(email), 'config-staff');
      }
      const existing = await repo.userByEmail(email);
      if (existing?.role !== 'staff') {
        throw new HttpError(404, ADMIN_MESSAGES.notStaffAccount(email), 'staff-not-found');
      }
      await repo.removeStaff(existing.id, audit(actor, 'staff.remove', 'user', existing.id, { email }));
      await deps.signedOut?.(existing.id);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
