import { CHAT_MESSAGES } from '@lokal/shared/constants/chat';
import { conversationSchema } from '@lokal/shared/schemas/chat';
import { describe, expect, it } from 'vitest';
import type { ConversationListRow } from './conversation-list.ts';
import { toConversation } from './shapes.ts';

const tourist = '00000000-0000-4000-8000-000000000001';
const guide = '00000000-0000-4000-8000-000000000002';
const now = new Date('2026-12-01T12:00:00.000Z');
const since = new Date(now.getTime() - 5 * 60_000);

/** A tourist's row with a guide who has a profile, nothing booked, no message yet. */
function row(change: Partial<ConversationListRow> = {}): ConversationListRow {
  return {
    id: '00000000-0000-4000-8000-0000000000c1',
    touristId: tourist,
    guideId: guide,
    createdAt: new Date('2026-11-30T10:00:00.000Z'),
    lastMessageAt: null,
    cursorAt: '2026-11-30 10:00:00+00',
    touristUnread: 1,
    guideUnread: 2,
    detailsShared: false,
    bookingStatus: null,
    bookingStartAt: null,
    bookingTimeZone: null,
    earningsAmount: null,
    earningsCurrency: null,
    blockedByMe: false,
    blockedByThem: false,
    other: {
      id: guide,
      role: 'guide',
      displayName: null,
      lastActiveAt: now,
      suspendedAt: null,
      deletedAt: null,
    },
    guide: {
      userId: guide,
      firstName: 'Sofia',
      lastName: 'Martinez',
      slug: 'sofia-martinez',
      image: '/api/uploads/sofia.webp',
      city: 'Barcelona',
      rating: 4.8,
    },
    tourist: null,
    lastMessage: null,
    ...change,
  };
}

describe('toConversation', () => {
  it('shows a guide with a profile to the tourist, in the schema', () => {
    const c = toConversation(row(), tourist, since);
    expect(conversationSchema.parse(c)).toEqual(c);
    expect(c.other).toEqual({
      id: guide,
      role: 'guide',
      name: 'Sofia Martinez',
      slug: 'sofia-martinez',
      image: '/api/uploads/sofia.webp',
      place: 'Barcelona',
      rating: 4.8,
      status: null,
      budget: null,
      online: true,
    });
    expect(c).toMatchObject({ unread: 1, timestamp: '2026-11-30T10:00:00.000Z', canSend: true });
  });

  it('gives each side its own unread count, and the earnings to the guide alone', () => {
    const paid = row({ earningsAmount: 120, earningsCurrency: 'EUR' });
    expect(toConversation(paid, tourist, since)).toMatchObject({ unread: 1, earnings: null });
    expect(toConversation(paid, guide, since)).toMatchObject({
      unread: 2,
      earnings: { amount: 120, currency: 'EUR' },
    });
  });

  it('calls an accepted booking booked', () => {
    const booked = row({
      bookingStatus: 'accepted',
      bookingStartAt: new Date('2026-12-08T09:00:00.000Z'),
      bookingTimeZone: 'Europe/Madrid',
    });
    expect(toConversation(booked, tourist, since).booking).toEqual({
      state: 'booked',
      startAt: '2026-12-08T09:00:00.000Z',
      timeZone: 'Europe/Madrid',
    });
  });

  it('shows a member without a profile by their display name and the member face', () => {
    const c = toConversation(
      row({ guide: null, other: { ...row().other, displayName: 'Ana' } }),
      tourist,
      since,
    );
    expect(c.other).toMatchObject({ name: 'Ana', slug: null, image: '/api/avatars/member.svg', place: '' });
  });

  it('hides a deleted member behind the deleted name and face; nobody gone is online or reachable', () => {
    const deleted = toConversation(row({ other: { ...row().other, deletedAt: now } }), tourist, since);
    expect(deleted.other).toMatchObject({
      name: CHAT_MESSAGES.deletedMember,
      slug: null,
      image: '/api/avatars/member.svg',
      place: 'Barcelona',
      online: false,
    });
    expect(deleted.canSend).toBe(false);
    const suspended = toConversation(row({ other: { ...row().other, suspendedAt: now } }), tourist, since);
    expect(suspended.other).toMatchObject({ name: 'Sofia Martinez', online: false });
    expect(suspended.canSend).toBe(false);
    expect(toConversation(row({ blockedByThem: true }), tourist, since).canSend).toBe(false);
  });
});
