import type { ChatMessage, ConversationList } from '@lokal/shared/schemas/chat';
import { describe, expect, it } from 'vitest';
import {
  allConversations,
  allMessages,
  applyMessageToList,
  type ConversationPages,
  type MessagesData,
  markMineRead,
  mergeMessages,
  setOnline,
} from './message-cache.ts';

const msg = (id: number, senderId = 'me', conversationId = 'c1'): ChatMessage => ({
  id,
  conversationId,
  senderId,
  kind: 'text',
  bookingId: null,
  body: `m${id}`,
  clientId: `client-${id}`,
  createdAt: new Date(1_700_000_000_000 + id * 1000).toISOString(),
  readAt: null,
});

// Newest page first, as the history query holds them.
const data = (...pages: number[][]): MessagesData => ({
  pages: pages.map((ids) => ({ messages: ids.map((id) => msg(id)) })),
  pageParams: pages.map((_, i) => (i === 0 ? null : i)),
});

describe('mergeMessages', () => {
  it('adds a live message once, however often it arrives', () => {
    const start = data([4, 5], [1, 2, 3]);
    const once = mergeMessages(start, [msg(6)]);
    const twice = mergeMessages(once, [msg(6), msg(5)]);
    expect(allMessages(twice).map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(twice).toBe(once);
  });

  it('puts messages resumed out of order back in id order', () => {
    const merged = mergeMessages(data([2]), [msg(5), msg(3), msg(4)]);
    expect(allMessages(merged).map((m) => m.id)).toEqual([2, 3, 4, 5]);
  });

  it('takes the newer state of a message it already holds', () => {
    const read = { ...msg(2), readAt: '2026-11-23T10:00:00.000Z' };
    expect(allMessages(mergeMessages(data([1, 2]), [read]))[1]!.readAt).toBe(read.readAt);
  });
});

describe('markMineRead', () => {
  it("marks the reader's counterpart's messages up to the id read", () => {
    const d: MessagesData = {
      pages: [{ messages: [msg(1, 'me'), msg(2, 'them'), msg(3, 'me')] }],
      pageParams: [null],
    };
    const after = allMessages(markMineRead(d, 'them', 'T', 2));
    expect(after.map((m) => m.readAt)).toEqual(['T', null, null]);
  });
});

describe('applyMessageToList', () => {
  const other = {
    id: 'u',
    role: 'guide' as const,
    name: 'Sofia',
    image: '',
    slug: 'ana-lisbon',
    place: 'Lisbon',
    rating: 5,
    status: null,
    budget: null,
    online: false,
  };
  const list: ConversationList = {
    responseRate: null,
    nextCursor: null,
    conversations: ['c1', 'c2'].map((id) => ({
      id,
      other,
      lastMessage: null,
      timestamp: '2026-01-01T00:00:00.000Z',
      unread: 0,
      blockedByMe: false,
      canSend: true,
      detailsShared: false,
      booking: null,
      earnings: null,
    })),
  };

  // Two pages of the list, as the screen holds them after "Load more".
  const pages: ConversationPages = {
    pages: [
      { ...list, conversations: list.conversations.slice(0, 1), nextCursor: 'next' },
      { ...list, conversations: list.conversations.slice(1) },
    ],
    pageParams: [null, 'next'],
  };
  const ids = (d: ConversationPages) => d.pages.map((p) => p.conversations.map((c) => [c.id, c.unread]));

  it('moves the conversation to the top of the first page and counts messages from the other party', () => {
    const next = applyMessageToList(pages, msg(9, 'them', 'c2'), 'me')!;
    expect(ids(next)).toEqual([
      [
        ['c2', 1],
        ['c1', 0],
      ],
      [],
    ]);
    // The second page keeps its cursor: it names a place in the order, not a row.
    expect(next.pageParams).toEqual([null, 'next']);
    const mine = applyMessageToList(next, msg(10, 'me', 'c2'), 'me')!;
    expect(mine.pages[0]!.conversations[0]!.unread).toBe(1);
    expect(applyMessageToList(mine, msg(10, 'me', 'c2'), 'me')).toBe(mine);
    expect(allConversations(mine).map((c) => c.id)).toEqual(['c2', 'c1']);
  });

  it('asks for a refetch when the conversation is not loaded', () => {
    expect(applyMessageToList(pages, msg(1, 'them', 'c9'), 'me')).toBeUndefined();
  });

  it('marks presence on whichever page holds the other party, and changes nothing otherwise', () => {
    const online = setOnline(pages, 'u', true)!;
    expect(allConversations(online).every((c) => c.other.online)).toBe(true);
    expect(setOnline(online, 'u', true)).toBe(online);
    expect(setOnline(pages, 'nobody', true)).toBe(pages);
  });

  it('lists a conversation held by two pages once', () => {
    const twice: ConversationPages = { ...pages, pages: [pages.pages[0]!, { ...list }] };
    expect(allConversations(twice).map((c) => c.id)).toEqual(['c1', 'c2']);
  });
});
