import { MailPlus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { onDemand } from '../../../lib/on-demand.ts';
import { toast } from '../../../lib/toast.ts';
import { useAddInvite } from '../api/add-invite.ts';
import { useInvites } from '../api/get-invites.ts';
import { useRemoveInvite } from '../api/remove-invite.ts';
import { formatDate } from '../format.ts';
import { EmptyState, ErrorState, ListSkeleton } from './panel-states.tsx';

const schemas = onDemand(() => import('@lokal/shared/schemas/admin'));

const SOURCES: Record<string, string> = {
  config: 'Settings',
  staff: 'Staff',
  cli: 'Operator CLI',
  waitlist: 'Waitlist',
};

function AddInviteForm() {
  const add = useAddInvite();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const { inviteBodySchema } = await schemas();
    const parsed = inviteBodySchema.safeParse({ email });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the address');
    setError(null);
    add.mutate(parsed.data.email, {
      onSuccess: (invite) => {
        toast.success(`${invite.email} is invited.`);
        setEmail('');
      },
      onError: (err) => setError(err.message),
    });
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Field
        className="flex-1"
        label="Invite an address"
        name="invite-email"
        type="email"
        autoComplete="off"
        placeholder="name@example.com"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
        disabled={add.isPending}
      />
      <Button type="submit" size="lg" className="sm:mt-7" disabled={add.isPending}>
        <MailPlus className="h-4 w-4" aria-hidden /> {add.isPending ? 'Adding…' : 'Add invite'}
      </Button>
    </form>
  );
}

/** The beta allow-list: who may ask for a sign-in link. */
export function InvitesPanel() {
  const [q, setQ] = useState('');
  const invites = useInvites(q.trim());
  const rows = invites.data?.pages.flatMap((p) => p.invites);
  const remove = useRemoveInvite();
  const [removing, setRemoving] = useState<string | null>(null);

  function confirmRemove() {
    const email = removing!;
    remove.mutate(email, {
      onSuccess: () => toast.success(`${email} is no longer invited.`),
      onError: (err) => toast.error(err.message),
      onSettled: () => setRemoving(null),
    });
  }

  return (
    <section aria-labelledby="invites-title" className="space-y-5">
      <header>
        <h2 id="invites-title" className="text-2xl">
          Invite list
        </h2>
        <p className="text-sm text-muted">Only these addresses receive a sign-in link during the beta.</p>
      </header>
      <div className="rounded-card bg-white p-5 shadow-card">
        <AddInviteForm />
      </div>
      <SearchField label="Search invites" value={q} onChange={setQ} placeholder="Search by e-mail" />
      {invites.isPending ? <ListSkeleton rows={4} className="h-16" /> : null}
      {invites.isError ? <ErrorState error={invites.error} onRetry={() => invites.refetch()} /> : null}
      {rows && rows.length === 0 ? (
        <EmptyState icon={MailPlus} title={q.trim() ? 'No matching invites' : 'Nobody is invited yet'} />
      ) : null}
      {rows?.length ? (
        <>
          <ul className="divide-y divide-line overflow-hidden rounded-card bg-white shadow-card">
            {rows.map((i) => (
              <li key={i.email} className="flex items-center gap-3 px-4 py-3 sm:px-5">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{i.email}</p>
                  <p className="text-xs text-muted">
                    {SOURCES[i.source] ?? i.source} · added {formatDate(i.createdAt)}
                    {i.accountRole ? ` · has a ${i.accountRole} account` : ' · no account yet'}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${i.email}`}
                  onClick={() => setRemoving(i.email)}
                  className="shrink-0 text-danger"
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
          <LoadMore pages={invites} label="Load more invites" />
        </>
      ) : null}
      <Dialog
        open={removing !== null}
        onOpenChange={(open) => (open || remove.isPending ? null : setRemoving(null))}
        title="Remove this invite?"
        description={`${removing ?? ''} will no longer receive sign-in links. Sessions already open stay open.`}
      >
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => setRemoving(null)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            onClick={confirmRemove}
            disabled={remove.isPending}
            className="bg-danger! hover:bg-danger/90!"
          >
            {remove.isPending ? 'Removing…' : 'Remove invite'}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
