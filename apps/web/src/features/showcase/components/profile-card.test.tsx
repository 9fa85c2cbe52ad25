import type { ProfileCard as Card } from '@lokal/shared/schemas/showcase';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProfileCard } from './profile-card.tsx';

const card: Card = {
  id: 'a',
  slug: null,
  name: 'Lea Novak',
  age: 31,
  location: 'Slovenia',
  profession: 'Architect',
  bio: 'Bridges and coffee.',
  image: '/api/avatars/lea-novak.svg',
  rating: 0,
  tags: [],
  type: 'traveler',
};
/** The card's name button as a reader sees it, tags stripped. */
const heading = (c: Card) =>
  renderToString(<ProfileCard card={c} onOpen={() => {}} />)
    .match(/<h3[^>]*>(.*?)<\/h3>/)![1]!
    .replace(/<[^>]+>/g, '')
    .replace(/<!-- -->/g, '');

describe('the landing profile card', () => {
  it('names the member with their age, or alone when the age is not known', () => {
    expect(heading(card)).toBe('Lea Novak, 31');
    expect(heading({ ...card, age: null })).toBe('Lea Novak');
  });
});
