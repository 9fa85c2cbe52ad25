import { describe, expect, it } from 'vitest';
import type { Conversation } from '../schemas/chat.ts';
import { dayLabel, listTimestamp, matchesConversation } from './chat.ts';

const conversation = (role: 'guide' | 'tourist', name: string, place: string): Conversation => ({
  id: 'c',
  other: {
    id: 'u',
    role,
    name,
    slug: null,
    image: '',
    place,
    rating: 5,
    status: null,
    budget: null,
    online: false,
  },
  lastMessage: null,
  timestamp: '2026-11-23T10:00:00.000Z',
  unread: 0,
  blockedByMe: false,
  canSend: true,
  detailsShared: false,
  booking: null,
  earnings: null,
});

describe('matchesConversation', () => {
  it('finds a guide by name only, case-insensitively', () => {
    const c = conversation('guide', 'Sofia Martinez', 'Lisbon');
    expect(matchesConversation(c, 'SOFIA')).toBe(true);
    expect(matchesConversation(c, 'lisbon')).toBe(false);
    expect(matchesConversation(c, '  ')).toBe(true);
  });

  it('finds a tourist by name or country', () => {
    const c = conversation('tourist', 'James Whitfield', 'United Kingdom');
    expect(matchesConversation(c, 'whit')).toBe(true);
    expect(matchesConversation(c, 'kingdom')).toBe(true);
    expect(matchesConversation(c, 'paris')).toBe(false);
  });
});

describe('dayLabel and listTimestamp', () => {
  const now = new Date(2026, 10, 23, 15, 0);
  it('say Today and Yesterday by calendar day, not by 24 hours', () => {
    expect(dayLabel(new Date(2026, 10, 23, 0, 5), now, 'en-US')).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 22, 23, 59), now, 'en-US')).toBe('Yesterday');
    expect(listTimestamp(new Date(2026, 10, 22, 23, 59), now, 'en-US')).toBe('Yesterday');
  });

  it('name the weekday within a week, then the date, with the year only when it differs', () => {
    expect(dayLabel(new Date(2026, 10, 19, 9), now, 'en-US')).toBe('Thursday');
    expect(dayLabel(new Date(2026, 10, 2, 9), now, 'en-US')).toBe('November 2');
    expect(dayLabel(new Date(2025, 11, 31, 9), now, 'en-US')).toBe('December 31, 2025');
    expect(listTimestamp(new Date(2026, 10, 23, 9, 7), now, 'en-US')).toBe('9:07 AM');
    expect(listTimestamp(new Date(2026, 10, 19, 9), now, 'en-US')).toBe('Thu');
    expect(listTimestamp(new Date(2026, 10, 2, 9), now, 'en-US')).toBe('Nov 2');
  });
});
