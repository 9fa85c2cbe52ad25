import { STAFF_ACTION_LABELS, STAFF_REASON_MAX, type StaffAction } from '@lokal/shared/constants/trust';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { onDemand } from '../../../lib/on-demand.ts';
import { toast } from '../../../lib/toast.ts';
import { useActOnUser } from '../api/act-on-user.ts';
import { ReasonDialog } from './reason-dialog.tsx';

const schemas = onDemand(() => import('@lokal/shared/schemas/trust'));

export type ActionTarget = {
  id: string;
  name: string;
  role: string;
  suspended: boolean;
  /** Un-verify is offered for verified guides (null: unknown, offered to every guide). */
  verified: boolean | null;
};

const COPY: Record<
  StaffAction,
  { title: (n: string) => string; description: string; submit: string; done: string }
> = {
  warn: {
    title: (n) => `Warn ${n}`,
    description: 'They get a notification and an e-mail with your reason. Nothing else changes.',
    submit: 'Send warning',
    done: 'Warning sent',
  },
  suspend: {
    title: (n) => `Suspend ${n}?`,
    description:
      'They are signed out everywhere at once, cannot sign in, and disappear from search, favorites and lists. They get your reason by e-mail.',
    submit: 'Suspend',
    done: 'Account suspended',
  },
  reinstate: {
    title: (n) => `Reinstate ${n}?`,
    description: 'They can sign in again and are listed again. They get your reason by e-mail.',
    submit: 'Reinstate',
    done: 'Account reinstated',
  },
  unverify: {
    title: (n) => `Un-verify ${n}?`,
    description:
      'The guide goes back to the review queue and reaches travellers as an unverified guide until verified again.',
    submit: 'Un-verify',
    done: 'Guide un-verified',
  },
};

/** Staff actions on one member, each asking for the reason they will read (docs/product.md#staff-actions). */
export function StaffActions({ target, reportId }: { target: ActionTarget; reportId?: string }) {
  const act = useActOnUser();
  const [action, setAction] = useState<StaffAction | null>(null);
  if (target.role === 'staff') return null;
  const actions: StaffAction[] = [
    'warn',
    target.suspended ? 'reinstate' : 'suspend',
    ...(target.role === 'guide' && target.verified !== false ? (['unverify'] as const) : []),
  ];
  const copy = action ? COPY[action] : null;
  return (
    <div className="flex flex-wrap gap-2">
      {actions.map((a) => (
        <Button
          key={a}
          size="sm"
          variant="outline"
          className={a === 'suspend' ? 'text-danger' : ''}
          onClick={() => setAction(a)}
          aria-label={`${STAFF_ACTION_LABELS[a]} ${target.name}`}
        >
          {STAFF_ACTION_LABELS[a]}
        </Button>
      ))}
      <ReasonDialog
        open={action !== null}
        onOpenChange={(open) => (open ? null : setAction(null))}
        title={copy?.title(target.name) ?? ''}
        description={copy?.description ?? ''}
        label="Reason (they will read it)"
        submitLabel={copy?.submit ?? ''}
        max={STAFF_REASON_MAX}
        danger={action === 'suspend' || action === 'unverify'}
        parse={async (text) => {
          const { staffActionBodySchema } = await schemas();
          const r = staffActionBodySchema.safeParse({ reason: text });
          return r.success
            ? { ok: true, value: r.data.reason }
            : { ok: false, message: r.error.issues[0]?.message ?? 'Give a reason' };
        }}
        onSubmit={async (reason) => {
          if (!action) return;
          const res = await act.mutateAsync({
            userId: target.id,
            action,
            reason,
            ...(reportId ? { reportId } : {}),
          });
          toast.success(`${COPY[action].done}.${res.emailSent ? '' : ' The e-mail could not be sent.'}`);
        }}
      />
    </div>
  );
}
