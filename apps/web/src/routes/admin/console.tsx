import { AUTH_MESSAGES } from '@lokal/shared/constants/auth';
import { paths } from '@lokal/shared/domain/pages';
import { Flag, Inbox, LogOut, MailPlus, MailWarning, ScrollText, ShieldCheck, Users } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Brand } from '../../components/layout/brand.tsx';
import { Button } from '../../components/ui/button.tsx';
import { type Tab, Tabs } from '../../components/ui/tabs.tsx';
import { useSummary } from '../../features/admin/api/get-summary.ts';
import { AuditLogPanel } from '../../features/admin/components/audit-log-panel.tsx';
import { InvitesPanel } from '../../features/admin/components/invites-panel.tsx';
import { OutboxPanel } from '../../features/admin/components/outbox-panel.tsx';
import { ReportsPanel } from '../../features/admin/components/reports-panel.tsx';
import { UsersPanel } from '../../features/admin/components/users-panel.tsx';
import { VerificationQueue } from '../../features/admin/components/verification-queue.tsx';
import { WaitlistPanel } from '../../features/admin/components/waitlist-panel.tsx';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { toast } from '../../lib/toast.ts';

const PANELS = {
  verification: VerificationQueue,
  invites: InvitesPanel,
  waitlist: WaitlistPanel,
  reports: ReportsPanel,
  users: UsersPanel,
  audit: AuditLogPanel,
  outbox: OutboxPanel,
} as const;
type Section = keyof typeof PANELS;

// The staff console: one screen, seven sections; the open one is in the address (?section=…) so it survives
// a reload and can be linked.
export function Component() {
  const { user, signOut } = useAuth();
  const summary = useSummary().data;
  const [params, setParams] = useSearchParams();
  const [leaving, setLeaving] = useState(false);
  const asked = params.get('section');
  const section: Section = asked && asked in PANELS ? (asked as Section) : 'verification';
  const Panel = PANELS[section];

  const tabs: Tab[] = [
    {
      id: 'verification',
      label: 'Verification',
      icon: ShieldCheck,
      badge: summary?.pendingVerifications,
      badgeLabel: 'waiting',
    },
    { id: 'invites', label: 'Invites', icon: MailPlus },
    { id: 'waitlist', label: 'Waitlist', icon: Inbox, badge: summary?.waitlist, badgeLabel: 'waiting' },
    { id: 'reports', label: 'Reports', icon: Flag, badge: summary?.openReports, badgeLabel: 'waiting' },
    { id: 'users', label: 'Users', icon: Users },
    { id: 'audit', label: 'Audit log', icon: ScrollText },
    { id: 'outbox', label: 'Mail', icon: MailWarning },
  ];

  async function leave() {
    setLeaving(true);
    try {
      await signOut(paths.admin.login);
      toast.success(AUTH_MESSAGES.signedOut);
    } catch {
      toast.error(AUTH_MESSAGES.signOutFailed);
      setLeaving(false);
    }
  }

  return (
    <div className="min-h-dvh pb-16">
      <header className="border-b border-line bg-ivory">
        <div className="mx-auto flex max-w-5xl items-center gap-3 px-5 py-3">
          <Brand />
          <span className="rounded-full bg-ink px-2.5 py-0.5 text-xs font-medium text-ivory">Staff</span>
          <span className="ml-auto hidden truncate text-sm text-muted sm:block">{user?.email}</span>
          <Button variant="ghost" size="sm" onClick={leave} disabled={leaving} className="ml-auto sm:ml-0">
            <LogOut className="h-4 w-4" aria-hidden /> Sign out
          </Button>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-5">
        <h1 className="pt-6 pb-2 text-3xl sm:text-4xl">Staff console</h1>
        <Tabs
          label="Console sections"
          tabs={tabs}
          selected={section}
          onSelect={(id) => setParams(id === 'verification' ? {} : { section: id }, { replace: true })}
          // Sticky under the header; scrolls sideways on a phone.
          listClassName="sticky top-0 z-10 -mx-5 flex gap-1 overflow-x-auto border-b border-line bg-ivory/95 px-5 py-2 backdrop-blur"
          panelClassName="pt-6"
        >
          <Panel />
        </Tabs>
      </main>
    </div>
  );
}
