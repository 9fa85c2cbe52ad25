// The 10 curated experiences of the landing page (docs/product.md#open-screens), in the page's order.
export const TOUR_TYPES = [
  { name: 'Scenic Drives', description: 'Coastal roads and hidden viewpoints with a local at the wheel.' },
  { name: 'Deep Conversations', description: 'Slow evenings of ideas, philosophy and city stories.' },
  { name: 'Pub Crawls', description: 'The bars locals love, far from the tourist strip.' },
  { name: 'House Parties', description: 'An invitation inside the scene: music, friends, real homes.' },
  { name: 'Large Events', description: 'Festivals, concerts and matches with someone who knows the way in.' },
  { name: 'Shopping', description: 'Ateliers, vintage finds and makers you will not find online.' },
  { name: 'Food & Dining', description: 'Market mornings, family kitchens and tables worth the wait.' },
  { name: 'Art & Museums', description: 'Studios, galleries and the stories behind the canvas.' },
  { name: 'Adventure Sports', description: 'Climb, surf or ride with a guide who does it every week.' },
  { name: 'Culture & History', description: 'Centuries of the city told by a historian who lives there.' },
] as const;

export type TourType = (typeof TOUR_TYPES)[number];
