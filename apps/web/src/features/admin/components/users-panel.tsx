import type { AdminUser } from '@lokal/shared/schemas/admin';
import type { Role } from '@lokal/shared/schemas/auth';
import { Users } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { inputClass } from '../../../components/ui/field.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { useUsers } from '../api/get-users.ts';
import { elapsed, formatDate, formatDateTime } from '../format.ts';
import { EmptyState, ErrorState, ListSkeleton } from './panel-states.tsx';
import { StaffActions } from './staff-actions.tsx';

const ROLES: { value: Role | ''; label: string }[] = [
  { value: '', label: 'All roles' },
  { value: 'tourist', label: 'Tourists' },
  { value: 'guide', label: 'Guides' },
  { value: 'staff', label: 'Staff' },
];

function progress(u: AdminUser): string {
  if (u.role === 'staff') return 'Console access';
  if (!u.onboardingCompleted) return 'Onboarding not finished';
  if (u.role === 'tourist') return 'Onboarded';
  if (!u.personalityTestCompleted) return 'Assessment not done';
  return u.verificationStatus === 'verified'
    ? 'Verified'
    : u.verificationStatus === 'rejected'
      ? 'Rejected'
      : 'Waiting for review';
}

/** Members by e-mail or name, newest first. */
export function UsersPanel() {
  const [q, setQ] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  // Typing stays smooth; the list follows a moment later.
  const query = useDeferredValue(q.trim());
  const users = useUsers(query, role);
  const rows = users.data?.pages.flatMap((p) => p.users);

  return (
    <section aria-labelledby="users-title" className="space-y-5">
      <header>
        <h2 id="users-title" className="text-2xl">
          Members
        </h2>
      </header>
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchField
          className="flex-1"
          label="Search members"
          value={q}
          onChange={setQ}
          placeholder="Search by e-mail or name"
        />
        <label className="sm:w-48">
          <span className="sr-only">Role</span>
          <select value={role} onChange={(e) => setRole(e.target.value as Role | '')} className={inputClass}>
            {ROLES.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {users.isPending ? <ListSkeleton rows={5} className="h-16" /> : null}
      {users.isError ? <ErrorState error={users.error} onRetry={() => users.refetch()} /> : null}
      {rows && rows.length === 0 ? <EmptyState icon={Users} title="No members found" /> : null}
      {rows?.length ? (
        <>
          <ul
            className="divide-y divide-line overflow-hidden rounded-card bg-white shadow-card"
            data-testid="user-list"
          >
            {rows.map((u) => (
              <li key={u.id} className="grid gap-1 px-4 py-3 sm:grid-cols-[1fr_auto] sm:gap-4 sm:px-5">
                <div className="min-w-0">
                  <p className="truncate font-medium">
                    {u.name ?? u.email}
                    {u.suspendedAt ? (
                      <span className="ml-2 rounded-full bg-danger/10 px-2 py-0.5 text-xs text-danger">
                        Suspended
                      </span>
                    ) : null}
                    {u.deleted ? (
                      <span className="ml-2 rounded-full bg-sand px-2 py-0.5 text-xs text-muted">
                        Deleted
                      </span>
                    ) : null}
                  </p>
                  <p className="truncate text-sm text-muted">{u.email}</p>
                  {u.suspensionReason ? (
                    <p className="text-xs text-muted">Suspended: {u.suspensionReason}</p>
                  ) : null}
                </div>
                <div className="text-sm sm:text-right">
                  <p>
                    <span className="capitalize">{u.role}</span> · {progress(u)}
                  </p>
                  <p className="text-xs text-muted">
                    Joined {formatDate(u.createdAt)} · active{' '}
                    <time dateTime={u.lastActiveAt} title={formatDateTime(u.lastActiveAt)}>
                      {elapsed(u.lastActiveAt)} ago
                    </time>
                  </p>
                </div>
                {u.role !== 'staff' && !u.deleted ? (
                  <div className="sm:col-span-2">
                    <StaffActions
                      target={{
                        id: u.id,
                        name: u.name ?? u.email,
                        role: u.role,
                        suspended: u.suspendedAt !== null,
                        verified: u.role === 'guide' ? u.verificationStatus === 'verified' : false,
                      }}
                    />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
          <LoadMore pages={users} label="Load more members" />
        </>
      ) : null}
    </section>
  );
}
