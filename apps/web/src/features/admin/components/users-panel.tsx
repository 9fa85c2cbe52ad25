import type { AdminUser } from '@lokal/shared/schemas/admin';
import type { Role } from '@lokal/shared/schemas/auth';
import { Users } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { inputClass } from '../../../components/ui/field.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { useUsers } from '../api/get-users.ts';
import { elapsed, formatDate, formatDateTime } from '../format.ts';
import { useClampPage } from '../hooks/use-clamp-page.ts';
import { Pager } from './pager.tsx';
import { Count, EmptyState, ErrorState, ListSkeleton } from './panel-states.tsx';
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
  const [page, setPage] = useState(1);
  // Typing stays smooth; the list follows a moment later.
  const query = useDeferredValue(q.trim());
  const users = useUsers(query, role, page);
  useClampPage(page, setPage, users.data);

  return (
    <section aria-labelledby="users-title" className="space-y-5">
      <header>
        <h2 id="users-title" className="text-2xl">
          Members
          <Count n={users.data?.total} />
        </h2>
      </header>
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchField
          className="flex-1"
          label="Search members"
          value={q}
          onChange={(v) => {
            setQ(v);
            setPage(1);
          }}
          placeholder="Search by e-mail or name"
        />
        <label className="sm:w-48">
          <span className="sr-only">Role</span>
          <select
            value={role}
            onChange={(e) => {
              setRole(e.target.value as Role | '');
              setPage(1);
            }}
            className={inputClass}
          >
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
      {users.data && users.data.users.length === 0 ? (
        <EmptyState icon={Users} title="No members found" />
      ) : null}
      {users.data?.users.length ? (
        <>
          <ul
            className="divide-y divide-line overflow-hidden rounded-card bg-white shadow-card"
            data-testid="user-list"
          >
            {users.data.users.map((u) => (
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
          <Pager
            label="Members"
            page={page}
            pageSize={users.data.pageSize}
            total={users.data.total}
            onPage={setPage}
          />
        </>
      ) : null}
    </section>
  );
}
