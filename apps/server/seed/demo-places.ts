// The demo's cities and what its guides sell there: written once, combined per guide (demo-data.ts), so each
// guide's bio and experiences name real streets, markets and habits of their own city.

export type Place = {
  city: string;
  country: string;
  lang: string;
  /** Neighbourhoods a local would name. */
  hoods: [string, string, string];
  market: string;
  viewpoint: string;
  drink: string;
  dish: string;
  /** Where a walk starts. */
  meeting: string;
  names: { f: string[]; m: string[]; last: string[] };
  /** Weekly hours, as locals keep them (24-hour clock, city time). */
  hours: 'day' | 'evening' | 'late';
};

export const PLACES: Place[] = [
  {
    city: 'Lisbon',
    country: 'Portugal',
    lang: 'Portuguese',
    hoods: ['Alfama', 'Mouraria', 'Príncipe Real'],
    market: 'Mercado de Campo de Ourique',
    viewpoint: 'Miradouro da Graça',
    drink: 'ginjinha',
    dish: 'bifanas',
    meeting: 'Largo do Intendente, by the tile facade',
    names: {
      f: ['Inês', 'Beatriz', 'Mariana'],
      m: ['Tiago', 'Duarte', 'Rui'],
      last: ['Carvalho', 'Sousa', 'Almeida', 'Figueiredo', 'Pereira'],
    },
    hours: 'day',
  },
  {
    city: 'Barcelona',
    country: 'Spain',
    lang: 'Spanish',
    hoods: ['El Raval', 'Gràcia', 'Poble-sec'],
    market: 'Mercat de Santa Caterina',
    viewpoint: 'the Bunkers del Carmel',
    drink: 'vermut',
    dish: 'bombas',
    meeting: 'Plaça de la Virreina, by the church steps',
    names: {
      f: ['Núria', 'Lucía', 'Montse'],
      m: ['Jordi', 'Pau', 'Oriol'],
      last: ['Puig', 'Ferrer', 'Soler', 'Vidal', 'Roca'],
    },
    hours: 'late',
  },
  {
    city: 'Paris',
    country: 'France',
    lang: 'French',
    hoods: ['Belleville', 'the Canal Saint-Martin', 'the Goutte d’Or'],
    market: 'Marché d’Aligre',
    viewpoint: 'the Parc de Belleville terrace',
    drink: 'natural wine',
    dish: 'jambon-beurre',
    meeting: 'Métro Goncourt, exit 1',
    names: {
      f: ['Camille', 'Margaux', 'Solène'],
      m: ['Théo', 'Bastien', 'Mathis'],
      last: ['Girard', 'Lefèvre', 'Marchand', 'Rolland', 'Fontaine'],
    },
    hours: 'evening',
  },
  {
    city: 'Berlin',
    country: 'Germany',
    lang: 'German',
    hoods: ['Neukölln', 'Kreuzberg', 'Wedding'],
    market: 'the Markthalle Neun',
    viewpoint: 'the Tempelhofer Feld',
    drink: 'Berliner Weisse',
    dish: 'Currywurst',
    meeting: 'Hermannplatz, by the Karstadt doors',
    names: {
      f: ['Lena', 'Johanna', 'Frieda'],
      m: ['Jonas', 'Moritz', 'Leon'],
      last: ['Brandt', 'Hoffmann', 'Krüger', 'Lange', 'Schreiber'],
    },
    hours: 'late',
  },
  {
    city: 'Tokyo',
    country: 'Japan',
    lang: 'Japanese',
    hoods: ['Yanaka', 'Shimokitazawa', 'Koenji'],
    market: 'the Ameyoko market',
    viewpoint: 'the Bunkyo Civic Center deck',
    drink: 'highballs',
    dish: 'yakitori',
    meeting: 'Nippori Station, west exit',
    names: {
      f: ['Aoi', 'Mei', 'Sakura'],
      m: ['Haruto', 'Sota', 'Ren'],
      last: ['Kobayashi', 'Nakamura', 'Yamamoto', 'Fujita', 'Mori'],
    },
    hours: 'evening',
  },
  {
    city: 'Mexico City',
    country: 'Mexico',
    lang: 'Spanish',
    hoods: ['Roma Norte', 'Coyoacán', 'San Rafael'],
    market: 'Mercado de Medellín',
    viewpoint: 'the Torre Latinoamericana',
    drink: 'mezcal',
    dish: 'tacos al pastor',
    meeting: 'Plaza Río de Janeiro, by the David statue',
    names: {
      f: ['Ximena', 'Regina', 'Fernanda'],
      m: ['Emiliano', 'Santiago', 'Rodrigo'],
      last: ['Ortega', 'Navarro', 'Cruz', 'Mendoza', 'Salinas'],
    },
    hours: 'day',
  },
  {
    city: 'Rome',
    country: 'Italy',
    lang: 'Italian',
    hoods: ['Trastevere', 'Monti', 'Testaccio'],
    market: 'the Mercato di Testaccio',
    viewpoint: 'the Giardino degli Aranci',
    drink: 'amaro',
    dish: 'supplì',
    meeting: 'Piazza della Madonna dei Monti, by the fountain',
    names: {
      f: ['Giulia', 'Francesca', 'Martina'],
      m: ['Lorenzo', 'Matteo', 'Tommaso'],
      last: ['Conti', 'Esposito', 'Ricci', 'Marino', 'Greco'],
    },
    hours: 'evening',
  },
  {
    city: 'Seoul',
    country: 'South Korea',
    lang: 'Korean',
    hoods: ['Euljiro', 'Seongsu', 'Mangwon'],
    market: 'Gwangjang Market',
    viewpoint: 'Naksan Park along the old wall',
    drink: 'makgeolli',
    dish: 'bindaetteok',
    meeting: 'Euljiro 3-ga Station, exit 4',
    names: {
      f: ['Seo-yeon', 'Ha-eun', 'Ji-a'],
      m: ['Do-hyun', 'Joon-ho', 'Min-jae'],
      last: ['Choi', 'Jung', 'Kang', 'Yoon', 'Han'],
    },
    hours: 'late',
  },
];

export type DemoExperience = {
  title: string;
  /** One of the landing page's tour types (packages/shared constants/tour-types.ts). */
  category: string;
  summary: string;
  description: string;
  minutes: number;
  price: number;
  maxGroup: number;
  included: string[];
  notIncluded: string[];
  meeting: string;
  policy: 'flexible' | 'moderate' | 'strict';
};

type Template = (p: Place) => Omit<DemoExperience, 'meeting' | 'policy'> & { meeting?: string };

export type Profession = {
  profession: string;
  specialties: string[];
  bio: (p: Place) => string;
  /** Up to four things this guide sells, best first. */
  offers: Template[];
};

export const PROFESSIONS: Profession[] = [
  {
    profession: 'Street Artist',
    specialties: ['Art & Culture', 'Street Art', 'Nightlife'],
    bio: (p) =>
      `I paint murals in ${p.hoods[0]} and run a small print studio in ${p.hoods[2]}. I will show you the walls that change every month and the crews behind them.`,
    offers: [
      (p) => ({
        title: `${p.hoods[0]} walls and the crews behind them`,
        category: 'Art & Museums',
        summary: `Two hours of murals, paste-ups and tags in ${p.hoods[0]}, told by someone who paints them.`,
        description: `We walk the side streets of ${p.hoods[0]} where the walls change every few weeks. I explain who painted what, how permissions work here and which pieces the city tried to remove. We finish at a studio where you can pull your own screen print.`,
        minutes: 120,
        price: 70,
        maxGroup: 8,
        included: ['A screen print to take home', 'Water'],
        notIncluded: ['Drinks'],
      }),
      (p) => ({
        title: `Night paint session in ${p.hoods[2]}`,
        category: 'Art & Museums',
        summary: 'Paint a legal wall with a working artist, spray cans and masks provided.',
        description: `A hands-on evening on a legal wall in ${p.hoods[2]}. I sketch the design with you, show can control and lettering, and we paint together until the piece is done. Wear clothes you do not mind ruining.`,
        minutes: 180,
        price: 110,
        maxGroup: 4,
        included: ['Spray cans', 'Masks and gloves', 'A photo of your piece'],
        notIncluded: ['Transport home'],
      }),
      (p) => ({
        title: `Bars where the artists drink`,
        category: 'Pub Crawls',
        summary: `Three bars in ${p.hoods[1]} with art on the walls and ${p.drink} on the counter.`,
        description: `The places where the city's painters, tattooists and printmakers meet after work. Each bar has a story and most have a wall one of my friends painted. First round of ${p.drink} is on me.`,
        minutes: 180,
        price: 60,
        maxGroup: 6,
        included: [`First round of ${p.drink}`],
        notIncluded: ['Further drinks'],
      }),
    ],
  },
  {
    profession: 'Historian',
    specialties: ['History', 'Architecture', 'Art & Culture'],
    bio: (p) =>
      `I teach history and write about ${p.city}'s forgotten neighbourhoods. ${p.hoods[1]} is my favourite chapter: every doorway there has an argument behind it.`,
    offers: [
      (p) => ({
        title: `${p.hoods[1]} through five centuries`,
        category: 'Culture & History',
        summary: `A slow walk through ${p.hoods[1]}, from its first streets to what changed last year.`,
        description: `We read ${p.hoods[1]} like a book: street names, rebuilt facades, the church that became a cinema. I bring old maps and photographs so you can stand where they were taken. Questions welcome, detours likely.`,
        minutes: 150,
        price: 65,
        maxGroup: 10,
        included: ['Printed old maps', 'Coffee stop'],
        notIncluded: ['Museum tickets'],
      }),
      (p) => ({
        title: `The ${p.city} nobody rebuilt`,
        category: 'Culture & History',
        summary: 'Ruins, scars and survivors: the places the city left as they were.',
        description: `Some corners of ${p.city} were never restored, on purpose or by accident. We visit four of them and talk about what a city chooses to remember. Ends at ${p.viewpoint} with the whole story in view.`,
        minutes: 180,
        price: 80,
        maxGroup: 8,
        included: ['Water', 'Reading list'],
        notIncluded: ['Food'],
      }),
      (p) => ({
        title: `History over ${p.drink}`,
        category: 'Deep Conversations',
        summary: 'An evening of questions about the city, at a table rather than on foot.',
        description: `For travellers who prefer talking to walking. We sit in an old bar in ${p.hoods[0]} and I answer whatever you want to know about ${p.city}: politics, food, why the trams run where they do.`,
        minutes: 120,
        price: 55,
        maxGroup: 4,
        included: [`A glass of ${p.drink}`],
        notIncluded: ['Dinner'],
      }),
      (p) => ({
        title: `Architecture of ${p.hoods[2]}`,
        category: 'Culture & History',
        summary: `Modernist blocks, old courtyards and the houses locals argue about in ${p.hoods[2]}.`,
        description: `We look up a lot. I point out how ${p.hoods[2]} was built, which architects fought over it and where to find the best staircase in the city. Comfortable shoes recommended.`,
        minutes: 120,
        price: 60,
        maxGroup: 10,
        included: ['Sketch map of the route'],
        notIncluded: ['Entry fees'],
      }),
    ],
  },
  {
    profession: 'Chef',
    specialties: ['Food & Dining', 'Markets', 'Wine'],
    bio: (p) =>
      `I cook at a small restaurant in ${p.hoods[2]} and shop at ${p.market} every morning. Eating with me means meeting the people who feed ${p.city}.`,
    offers: [
      (p) => ({
        title: `Morning at ${p.market}`,
        category: 'Food & Dining',
        summary: 'Shop the stalls with a chef, then cook and eat what we bought.',
        description: `We meet at opening time, taste our way through ${p.market} and choose what is good today. Then we cook it together in my kitchen and sit down to a long lunch. Vegetarians are welcome; tell me in chat.`,
        minutes: 240,
        price: 120,
        maxGroup: 6,
        included: ['Market tastings', 'Lunch with wine', 'Recipes by e-mail'],
        notIncluded: ['Transport'],
      }),
      (p) => ({
        title: `Where cooks eat after service`,
        category: 'Food & Dining',
        summary: `Late dinner in ${p.hoods[0]} at the counters chefs go to when the kitchens close.`,
        description: `After eleven the city's cooks eat somewhere else. I take you to three of those places for ${p.dish} and whatever the kitchen has left, with stories from the other side of the pass.`,
        minutes: 180,
        price: 95,
        maxGroup: 4,
        included: ['Food at three stops'],
        notIncluded: ['Drinks'],
      }),
      (p) => ({
        title: `${p.dish} and its rivals`,
        category: 'Food & Dining',
        summary: `A tasting walk to settle who makes the best ${p.dish} in ${p.city}.`,
        description: `Four places, four versions of ${p.dish}, one scorecard. We compare, argue and you vote. The walk covers about two kilometres, mostly downhill.`,
        minutes: 150,
        price: 75,
        maxGroup: 8,
        included: ['All tastings', 'Water'],
        notIncluded: ['Extra drinks'],
      }),
    ],
  },
  {
    profession: 'DJ & Promoter',
    specialties: ['Nightlife', 'Pub Crawls', 'House Parties'],
    bio: (p) =>
      `I play records in ${p.hoods[1]} on Fridays and book the parties my friends actually go to. I will get you past the door and into the city's real night.`,
    offers: [
      (p) => ({
        title: `Record shops and a warm-up set`,
        category: 'Pub Crawls',
        summary: `Dig through ${p.hoods[1]}'s record shops, then hear a set in a bar I play at.`,
        description: `We start in the record shops where DJs buy, I show you what I would play tonight and we end in a small bar where I do the warm-up. Good for music lovers who want more than a club line.`,
        minutes: 240,
        price: 90,
        maxGroup: 6,
        included: ['Guest list for the bar', 'One drink'],
        notIncluded: ['Records you buy'],
      }),
      (p) => ({
        title: `Friday night in ${p.hoods[0]}`,
        category: 'Pub Crawls',
        summary: 'Four bars and a club, the way a local night goes, home whenever you like.',
        description: `No bar-crawl shirts, no shots race. We go where my friends go on a Friday in ${p.hoods[0]}, I handle the doors and you leave whenever you want; I will order your taxi.`,
        minutes: 300,
        price: 130,
        maxGroup: 6,
        included: ['Club entry', 'First drink'],
        notIncluded: ['Further drinks', 'Taxi'],
      }),
      (p) => ({
        title: `Invitation to a house party`,
        category: 'House Parties',
        summary: `A real party in a ${p.city} flat: friends, a good sound system and ${p.drink}.`,
        description: `Once a month friends host a party at home. Come as my guest, meet people who live here and dance until the neighbours complain. Details of the address follow in chat on the day.`,
        minutes: 300,
        price: 150,
        maxGroup: 2,
        included: ['Entry', 'Drinks at the party'],
        notIncluded: ['Transport'],
      }),
      (p) => ({
        title: `Festival weekend with a local`,
        category: 'Large Events',
        summary: `The city's summer festivals without the queues: where to stand, when to leave.`,
        description: `I work the festival circuit in ${p.city}. For a weekend event I meet you at the gates, show you the stages worth your time and the food trucks worth the wait.`,
        minutes: 360,
        price: 180,
        maxGroup: 4,
        included: ['Planning in chat', 'Meeting at the gate'],
        notIncluded: ['Festival ticket'],
      }),
    ],
  },
  {
    profession: 'Fashion Stylist',
    specialties: ['Fashion', 'Shopping', 'Art & Culture'],
    bio: (p) =>
      `I style shoots for independent labels and know every vintage dealer between ${p.hoods[0]} and ${p.hoods[2]}. Bring an empty suitcase.`,
    offers: [
      (p) => ({
        title: `Vintage dealers of ${p.hoods[0]}`,
        category: 'Shopping',
        summary: 'The back rooms and private stock of the city’s best vintage sellers.',
        description: `Most good vintage is not on the rails. I take you to four dealers I buy from, who open their back rooms for us. I help you find what suits you and what is worth the price.`,
        minutes: 180,
        price: 110,
        maxGroup: 3,
        included: ['Styling advice', 'Coffee'],
        notIncluded: ['Your purchases'],
      }),
      (p) => ({
        title: `Young designers' ateliers`,
        category: 'Shopping',
        summary: `Meet three designers in their studios in ${p.hoods[2]} before they are famous.`,
        description: `We visit working studios, see how a collection is cut and sewn, and you can order pieces straight from the maker. Appointments arranged by me.`,
        minutes: 150,
        price: 95,
        maxGroup: 4,
        included: ['Studio visits'],
        notIncluded: ['Purchases'],
      }),
    ],
  },
  {
    profession: 'Architecture Student',
    specialties: ['Architecture', 'History', 'Photography'],
    bio: (p) =>
      `I study architecture and spend my weekends drawing ${p.city}'s buildings. I know the staircases, courtyards and rooftops that never make the postcards.`,
    offers: [
      (p) => ({
        title: `Courtyards and staircases of ${p.hoods[1]}`,
        category: 'Culture & History',
        summary: 'Inside the buildings: the courtyards and stairwells you would walk straight past.',
        description: `Many of ${p.city}'s best spaces are behind a door. We step into courtyards, lobbies and stairwells (politely) and I sketch how each building works. Bring a notebook if you draw.`,
        minutes: 120,
        price: 45,
        maxGroup: 8,
        included: ['A sketch of your favourite building'],
        notIncluded: ['Entry fees'],
      }),
      (p) => ({
        title: `Concrete ${p.city}`,
        category: 'Culture & History',
        summary:
          'Brutalist and modernist landmarks, by bike or on foot, with the stories of their architects.',
        description: `Love it or hate it, ${p.city} has great concrete. We visit five landmarks, from housing blocks to a church, and talk about why they look the way they do.`,
        minutes: 180,
        price: 60,
        maxGroup: 6,
        included: ['Route map'],
        notIncluded: ['Bike hire'],
      }),
      (p) => ({
        title: `Photographing ${p.hoods[0]} at golden hour`,
        category: 'Art & Museums',
        summary: 'Lines, light and framing: an architecture photo walk for any camera.',
        description: `We walk ${p.hoods[0]} in the last hour of light and I show you where the lines and shadows are best. Phones are fine. I send you the route so you can come back alone.`,
        minutes: 90,
        price: 40,
        maxGroup: 6,
        included: ['Photo tips sheet'],
        notIncluded: ['Camera'],
      }),
    ],
  },
  {
    profession: 'Surf Instructor',
    specialties: ['Adventure', 'Scenic Drives', 'Food & Dining'],
    bio: (p) =>
      `I teach surfing and climbing outside ${p.city} and drive out before sunrise most days. If you like an early start and a big breakfast, we will get on.`,
    offers: [
      (p) => ({
        title: `First waves outside ${p.city}`,
        category: 'Adventure Sports',
        summary: 'A beginner session with board and wetsuit, then breakfast on the coast.',
        description: `I pick you up early, we drive to a beach that suits the day's swell and I teach you to stand up safely. Boards, wetsuits and a big breakfast are on me. No experience needed; swimming is.`,
        minutes: 300,
        price: 140,
        maxGroup: 4,
        included: ['Board and wetsuit', 'Pick-up', 'Breakfast'],
        notIncluded: ['Insurance'],
        meeting: `Pick-up at your place in ${p.city}`,
      }),
      (p) => ({
        title: `Coast road at sunrise`,
        category: 'Scenic Drives',
        summary: `The coast beyond ${p.city} at first light, with stops at viewpoints only locals use.`,
        description: `A slow morning drive along the coast with coffee at a fishermen's bar and three viewpoints away from the coaches. Back in ${p.city} by lunch.`,
        minutes: 240,
        price: 160,
        maxGroup: 3,
        included: ['Transport', 'Coffee and pastries'],
        notIncluded: ['Lunch'],
        meeting: `Pick-up at your place in ${p.city}`,
      }),
    ],
  },
  {
    profession: 'Photographer',
    specialties: ['Photography', 'Art & Culture', 'Scenic Drives'],
    bio: (p) =>
      `I photograph ${p.city} for magazines and still get lost in ${p.hoods[1]} on purpose. I will teach you to see the city, not just shoot it.`,
    offers: [
      (p) => ({
        title: `${p.hoods[1]} through a lens`,
        category: 'Art & Museums',
        summary: 'A street photography walk with a working photographer, any camera welcome.',
        description: `We walk ${p.hoods[1]} slowly, looking for light, faces and small scenes. I help with framing and the courage to photograph strangers politely. You leave with a handful of pictures you are proud of.`,
        minutes: 150,
        price: 85,
        maxGroup: 4,
        included: ['Feedback on your photos by e-mail'],
        notIncluded: ['Camera'],
      }),
      (p) => ({
        title: `Portraits at ${p.viewpoint}`,
        category: 'Art & Museums',
        summary: 'Your own portraits in the city, edited and sent within three days.',
        description: `For couples, friends or solo travellers who want real photos of their trip. We shoot around ${p.viewpoint} and two streets nearby; I send 30 edited pictures within three days.`,
        minutes: 90,
        price: 150,
        maxGroup: 4,
        included: ['30 edited photos'],
        notIncluded: ['Prints'],
      }),
      (p) => ({
        title: `Blue hour drive`,
        category: 'Scenic Drives',
        summary: `The three best views of ${p.city} as the lights come on, by car.`,
        description: `We drive to three viewpoints around ${p.city} for the hour after sunset, with a tripod for your camera or phone. Ends with ${p.dish} at a place that stays open late.`,
        minutes: 180,
        price: 120,
        maxGroup: 3,
        included: ['Transport', 'Tripod loan'],
        notIncluded: ['Dinner'],
      }),
    ],
  },
  {
    profession: 'Sommelier',
    specialties: ['Food & Dining', 'Wine', 'Nightlife'],
    bio: (p) =>
      `I run the wine list of a bistro in ${p.hoods[0]} and buy from growers within a day's drive of ${p.city}. I pour what I would drink myself.`,
    offers: [
      (p) => ({
        title: `Natural wine bars of ${p.hoods[0]}`,
        category: 'Food & Dining',
        summary: 'Three small bars, six glasses, and the growers behind them.',
        description: `We taste our way through three bars I love, two glasses at each, with small plates. I tell you about the growers and how to order well when you are on your own.`,
        minutes: 180,
        price: 115,
        maxGroup: 6,
        included: ['Six tastings', 'Small plates'],
        notIncluded: ['Bottles to take home'],
      }),
      (p) => ({
        title: `${p.drink} and the art of the aperitivo`,
        category: 'Food & Dining',
        summary: `How ${p.city} drinks before dinner: history, etiquette and the best counters.`,
        description: `An early-evening walk through the city's pre-dinner habit. We stop at three counters for ${p.drink} and snacks, and I explain what to order, when and why.`,
        minutes: 120,
        price: 70,
        maxGroup: 8,
        included: ['Three drinks', 'Snacks'],
        notIncluded: ['Dinner'],
      }),
      (p) => ({
        title: `A grower's table outside ${p.city}`,
        category: 'Food & Dining',
        summary: 'A day at a family vineyard: cellar, lunch with the grower, tasting.',
        description: `We drive out to a family estate I buy from, walk the vines, taste in the cellar and have lunch at the family table. Back in ${p.city} by early evening.`,
        minutes: 480,
        price: 220,
        maxGroup: 4,
        included: ['Transport', 'Tasting', 'Lunch'],
        notIncluded: ['Bottles you buy'],
        meeting: `Pick-up at your place in ${p.city}`,
      }),
    ],
  },
  {
    profession: 'Philosophy Student',
    specialties: ['Deep Conversations', 'History', 'Nightlife'],
    bio: (p) =>
      `I study philosophy and live above a bookshop in ${p.hoods[1]}. My favourite evenings are long conversations that start at a café and end at ${p.viewpoint}.`,
    offers: [
      (p) => ({
        title: `Big questions, small bar`,
        category: 'Deep Conversations',
        summary: `An evening of ideas over ${p.drink}, with a student who loves an argument.`,
        description: `Bring a question that has been bothering you. We walk from a café in ${p.hoods[1]} to a small bar and talk about it properly: philosophy, politics, love, whatever you choose.`,
        minutes: 150,
        price: 40,
        maxGroup: 3,
        included: ['First drink'],
        notIncluded: ['Further drinks'],
      }),
      (p) => ({
        title: `Writers' ${p.city}`,
        category: 'Culture & History',
        summary: 'The cafés, flats and graves of the writers who lived here, with readings on the way.',
        description: `We follow the writers who lived in ${p.city}: where they drank, fought and wrote. At each stop I read a short passage. Ends in a bookshop where you can find them in English.`,
        minutes: 150,
        price: 50,
        maxGroup: 8,
        included: ['Printed readings'],
        notIncluded: ['Books'],
      }),
    ],
  },
];

/** The weekly hours of a demo guide's schedule (docs/product.md#availability), by the city's rhythm. */
export function weeklyHours(hours: Place['hours'], variant: number) {
  const range = (start: string, end: string) => [{ start, end }];
  const day = variant % 2 === 0 ? range('09:00', '18:00') : range('10:00', '19:00');
  const evening = variant % 2 === 0 ? range('16:00', '23:00') : range('15:00', '22:00');
  const late = range('18:00', '23:45');
  const open = hours === 'day' ? day : hours === 'evening' ? evening : late;
  const weekend = hours === 'day' ? range('08:00', '14:00') : open;
  // One or two rest days, on different days for different guides.
  const rest = new Set([['mon'], ['tue', 'wed'], ['mon', 'tue'], ['wed'], ['sun']][variant % 5]);
  const week = { mon: open, tue: open, wed: open, thu: open, fri: open, sat: weekend, sun: weekend };
  return Object.fromEntries(Object.entries(week).map(([d, r]) => [d, rest.has(d) ? [] : r])) as typeof week;
}
