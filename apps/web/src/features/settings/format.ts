import type { GuideSettings } from '@lokal/shared/schemas/settings';
import type { BadgeTone } from './components/profile-summary.tsx';
import type { Availability } from './profile-changes.ts';

export function availabilityLabel(a: Availability): string {
  if (a.newGuides && a.experiencedGuides) return 'New and experienced guides';
  if (a.newGuides) return 'New guides only';
  if (a.experiencedGuides) return 'Experienced guides only';
  return 'Not open to guides right now';
}

export function membershipBadge(status: string): { label: string; tone: BadgeTone } {
  return { label: status, tone: status === 'Luxury VIP Member' ? 'gold' : 'sand' };
}

/** The staff review state in words: the badge and the sentence under it. */
export function verificationText(v: GuideSettings['verification']): {
  label: string;
  tone: BadgeTone;
  note: string;
} {
  if (v.status === 'verified') {
    return {
      label: 'Verified guide',
      tone: 'sage',
      note: 'Travellers see the verified badge on your profile.',
    };
  }
  if (v.status === 'rejected') {
    return {
      label: 'Not approved',
      tone: 'danger',
      note: `${v.reason ? `Our team said: “${v.reason}”. ` : ''}Contact Support if you would like us to look again.`,
    };
  }
  return {
    label: 'Verification pending',
    tone: 'sand',
    note: 'Our team is reviewing your profile. Until then you can reach the three top guests in your city who welcome new guides.',
  };
}

const day = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

/** "1 May – 4 May · 2 travellers"; null when nothing of the trip is told. */
export function tripLabel(from: string | null, to: string | null, party: number | null): string | null {
  const dates =
    from && to ? `${day(from)} – ${day(to)}` : from ? `From ${day(from)}` : to ? `Until ${day(to)}` : '';
  const people = party === null ? '' : party === 1 ? '1 traveller' : `${party} travellers`;
  return [dates, people].filter(Boolean).join(' · ') || null;
}
