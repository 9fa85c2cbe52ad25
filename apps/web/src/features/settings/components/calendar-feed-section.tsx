import type { CalendarFeedCreated } from '@lokal/shared/schemas/calendars';
import { CalendarPlus, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast.ts';
import { useCreateCalendarFeed } from '../api/create-calendar-feed.ts';
import { useCalendarFeed } from '../api/get-calendar-feed.ts';
import { useRevokeCalendarFeed } from '../api/revoke-calendar-feed.ts';
import { SectionError, SettingsSection } from './settings-section.tsx';

type Made = CalendarFeedCreated['feed'];

/**
 * "Calendar feed" on both settings screens (docs/product.md#calendars): a secret address calendar apps
 * subscribe to. It is stored hashed, so it is shown once, when it is made; Revoke ends it at once.
 */
export function CalendarFeedSection() {
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [made, setMade] = useState<Made | null>(null);
  const has = Boolean(feed.data?.feed);

  const makeOne = () =>
    create.mutate(undefined, {
      onSuccess: ({ feed: f }) => setMade(f),
      onError: (err) => toast.error(err.message),
    });
  const revokeIt = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setMade(null);
        toast.success('Calendar feed revoked');
      },
      onError: (err) => toast.error(err.message),
    });

  return (
    <SettingsSection
      id="calendar-feed"
      title="Calendar feed"
      description="Your upcoming bookings and those of the last 30 days in Google, Apple or Outlook Calendar. Anyone with the address can read them: keep it private."
    >
      {feed.isError ? (
        <SectionError message="Could not load your calendar feed." onRetry={() => feed.refetch()} />
      ) : made ? (
        <div className="space-y-3">
          <FeedAddress label="Subscribe in your calendar app" value={made.webcalUrl} />
          <FeedAddress label="Or add by URL" value={made.url} />
          <p className="text-sm text-muted">
            This address is shown only now. If you lose it, make a new one (the old one then stops working).
          </p>
        </div>
      ) : has ? (
        <p className="text-sm" data-testid="calendar-feed-state">
          Your feed is on since{' '}
          {new Date(feed.data!.feed!.createdAt).toLocaleDateString(undefined, { dateStyle: 'long' })}. Its
          address was shown when it was made; make a new one to see it again (the old one then stops working).
        </p>
      ) : (
        <p className="text-sm text-muted" data-testid="calendar-feed-state">
          You have no calendar feed.
        </p>
      )}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Button
          variant="outline"
          className="w-full sm:w-auto"
          onClick={makeOne}
          disabled={create.isPending || feed.isPending}
        >
          <CalendarPlus className="h-4 w-4" aria-hidden /> {has ? 'Make a new link' : 'Create feed link'}
        </Button>
        {has ? (
          <Button
            variant="ghost"
            className="w-full text-danger sm:w-auto"
            onClick={revokeIt}
            disabled={revoke.isPending}
          >
            Revoke
          </Button>
        ) : null}
      </div>
    </SettingsSection>
  );
}

function FeedAddress({ label, value }: { label: string; value: string }) {
  const copy = () =>
    navigator.clipboard
      .writeText(value)
      .then(() => toast.success('Link copied'))
      .catch(() => toast.error('Could not copy; select the address and copy it yourself.'));
  return (
    <div>
      <p className="text-sm text-muted">{label}</p>
      <div className="mt-1 flex items-center gap-2">
        <input
          readOnly
          value={value}
          aria-label={label}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-xl border border-line bg-sand/40 px-3 py-2 font-mono text-xs"
        />
        <Button size="sm" variant="outline" onClick={copy} aria-label={`Copy: ${label}`}>
          <Copy className="h-4 w-4" aria-hidden /> Copy
        </Button>
      </div>
    </div>
  );
}
