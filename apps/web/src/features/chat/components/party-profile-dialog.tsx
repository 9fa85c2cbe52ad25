import { formatMoney } from '@lokal/shared/domain/discovery';
import type { Conversation } from '@lokal/shared/schemas/chat';
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, Crown, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TagList } from '../../../components/ui/tag-list.tsx';
import { profileQuery } from '../../../lib/api/get-profile.ts';
import { PartyAvatar } from './party-avatar.tsx';

type Props = {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  other: Conversation['other'];
  /** More about the person from other features (their reviews). */
  extra?: ReactNode;
};

/** The other party's profile from the conversation header; what the profile call may not show stays basic. */
export function PartyProfileDialog({ open, onOpenChange, other, extra }: Props) {
  const profile = useQuery({ ...profileQuery(other.role, other.id), enabled: open });
  const data = profile.data;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={other.name}>
      <div className="mt-4 flex items-center gap-4">
        <PartyAvatar name={other.name} image={other.image} online={other.online} size="lg" />
        <div className="text-sm">
          <p className="text-muted">{other.place}</p>
          {other.rating > 0 ? (
            <p className="mt-1 inline-flex items-center gap-1 font-semibold">
              <Star className="h-4 w-4 fill-gold text-gold" aria-hidden /> {other.rating.toFixed(1)}
            </p>
          ) : null}
          {other.status ? (
            <p className="mt-1 inline-flex items-center gap-1 text-gold-deep">
              <Crown className="h-4 w-4" aria-hidden /> {other.status}
            </p>
          ) : null}
          <p className="mt-1">{other.online ? 'Online now' : 'Offline'}</p>
        </div>
      </div>
      {profile.isPending ? <Skeleton className="mt-5 h-24" /> : null}
      {data?.type === 'guide' ? (
        <div className="mt-5 space-y-3 text-sm">
          <p className="flex items-center gap-1.5 font-medium">
            {data.profile.profession}
            {data.profile.verified ? (
              <BadgeCheck className="h-4 w-4 text-sage" aria-label="Verified" />
            ) : null}
          </p>
          {data.profile.bio ? <p className="text-muted">{data.profile.bio}</p> : null}
          <TagList tags={data.profile.specialties} max={4} label="Specialties" />
          <p>
            <span className="text-muted">Languages:</span> {data.profile.languages.join(', ')}
          </p>
          {data.profile.tourTypes.length ? (
            <ul className="divide-y divide-line rounded-xl border border-line bg-white">
              {data.profile.tourTypes.map((t) => (
                <li key={t.name} className="flex justify-between px-3 py-2">
                  <span>
                    {t.name} <span className="text-muted">· {t.duration}</span>
                  </span>
                  <span className="font-semibold">
                    {formatMoney(t.amount ?? t.price, t.currency ?? 'USD')}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {data?.type === 'tourist' ? (
        <div className="mt-5 space-y-3 text-sm">
          <p>
            <span className="text-muted">Budget:</span>{' '}
            {formatMoney(data.profile.budget.min, data.profile.budget.currency)}–
            {formatMoney(data.profile.budget.max, data.profile.budget.currency)}
          </p>
          <TagList tags={data.profile.lookingFor} max={4} label="Looking for" />
          <p>
            <span className="text-muted">Interests:</span> {data.profile.interests.join(', ')}
          </p>
          <p>
            <span className="text-muted">Languages:</span> {data.profile.languages.join(', ')}
          </p>
        </div>
      ) : null}
      {extra ? <div className="mt-5">{extra}</div> : null}
    </Dialog>
  );
}
