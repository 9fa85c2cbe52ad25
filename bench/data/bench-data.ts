import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';

const CITIES = [
  'Lisbon',
  'Barcelona',
  'Paris',
  'Berlin',
  'Tokyo',
  'Mexico City',
  'Rome',
  'Seoul',
  'London',
  'New York',
];
const COUNTRIES = [
  'Portugal',
  'Spain',
  'France',
  'Germany',
  'Japan',
  'Mexico',
  'Italy',
  'South Korea',
  'United Kingdom',
  'United States',
];
const NAMES = [
  'Ana',
  'Luca',
  'Mia',
  'Kenji',
  'Sofia',
  'Diego',
  'Lena',
  'Hugo',
  'Yuki',
  'Marco',
  'Inês',
  'Theo',
  'Chloé',
  'Jonas',
  'Aiko',
  'Mateo',
];
const JOBS = [
  'Street Artist',
  'Historian',
  'Chef',
  'DJ',
  'Stylist',
  'Architect',
  'Surfer',
  'Photographer',
  'Sommelier',
  'Student',
];
const SPECIALTIES = [
  'Art & Culture',
  'History',
  'Food & Dining',
  'Nightlife',
  'Fashion',
  'Architecture',
  'Adventure',
  'Photography',
];

const arr = (values: string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`);

/**
 * Bulk data for benchmarks: `guides` listed guides and `tourists` onboarded tourists, generated inside the
 * database with generate_series. Idempotent by e-mail.
 */
export async function seedBenchData(db: Db, guides: number, tourists: number): Promise<void> {
  await db.execute(sql`
    insert into users (email, role, display_name, onboarding_completed, personality_test_completed)
    select 'bench.guide.' || n || '@bench.lokal.app', 'guide', 'Bench Guide ' || n, true, true
    from generate_series(1, ${guides}::int) n
    on conflict do nothing`);
  // Each attribute comes from its own hash of n, so attributes are independent of each other and of the
  // ranking, as in a real catalogue. (Deriving them all from n mod k made, say, no top-ranked guide of a city
  // share a specialty: a correlation that sent filtered searches through thousands of rows.)
  const pick = (salt: string, k: number) => sql.raw(`(abs(hashtext(n::text || '${salt}')) % ${k})`);
  await db.execute(sql`
    insert into guide_profiles (user_id, first_name, last_name, age, city, country, profession, bio, image, rating,
      reviews, total_tours, price_min, price_max, specialties, languages, response_time, verified, tour_types, listed)
    select u.id,
      (${arr(NAMES)})[1 + ${pick('name', NAMES.length)}], 'Bench' || n, 20 + ${pick('age', 45)},
      (${arr(CITIES)})[1 + c], (${arr(COUNTRIES)})[1 + c],
      (${arr(JOBS)})[1 + ${pick('job', JOBS.length)}], 'A local who loves showing the city.',
      '/api/avatars/bench-' || (n % 500) || '.svg', round((3.5 + ${pick('rating', 15)} / 10.0)::numeric, 1),
      ${pick('reviews', 200)}, ${pick('tours', 300)},
      50 + ${pick('price', 100)}, 150 + ${pick('price', 100)} + ${pick('span', 100)},
      array[(${arr(SPECIALTIES)})[1 + ${pick('s1', SPECIALTIES.length)}], (${arr(SPECIALTIES)})[1 + ${pick('s2', SPECIALTIES.length)}]],
      array['English', (array['Spanish','French','German','Japanese','Italian'])[1 + ${pick('lang', 5)}]],
      'within a day', ${pick('verified', 3)} = 0,
      jsonb_build_array(jsonb_build_object('name', 'Pub Crawls', 'duration', '4 hours', 'price', 150 + ${pick('tour', 200)})),
      true
    from users u
    cross join lateral (select substring(u.email from 'bench\\.guide\\.(\\d+)@')::int as n) x
    cross join lateral (select ${pick('city', CITIES.length)} as c) y
    where u.email like 'bench.guide.%'
    on conflict do nothing`);
  await db.execute(sql`
    insert into users (email, role, display_name, onboarding_completed)
    select 'bench.tourist.' || n || '@bench.lokal.app', 'tourist', 'Bench Tourist ' || n, true
    from generate_series(1, ${tourists}::int) n
    on conflict do nothing`);
  await db.execute(sql`
    insert into tourist_profiles (user_id, first_name, last_name, age, city, country, occupation, image, status,
      budget_min, budget_max, interests, languages, looking_for, acceptance_rate, requests_last_30_days)
    select u.id, (${arr(NAMES)})[1 + n % ${NAMES.length}], 'Traveller' || n, 25 + n % 40,
      (${arr(CITIES)})[1 + n % ${CITIES.length}], 'United States', 'Investor', '/api/avatars/bench-t' || (n % 500) || '.svg',
      (array['Luxury VIP Member','Premium Member','Gold Member'])[1 + n % 3], 200, 600,
      array['Art','Wine'], array['English'], array['Hidden bars','Chef tables','Live music'], n % 60, n % 90
    from users u
    cross join lateral (select substring(u.email from 'bench\\.tourist\\.(\\d+)@')::int as n) x
    where u.email like 'bench.tourist.%'
    on conflict do nothing`);
  await seedBenchOffers(db);
  // Each bench guide took the assessment: its temperament feeds "Best match" (decision 037).
  const scale = (salt: string) => sql.raw(`1 + ${`(abs(hashtext(n::text || '${salt}')) % 5)`}`);
  await db.execute(sql`
    insert into guide_assessments (user_id, answers)
    select gp.user_id, jsonb_build_object(
      'languages', to_jsonb(gp.languages), 'customLanguage', '', 'occupation', gp.profession,
      'experiences', jsonb_build_array((array['Pub Crawls','Art & Museums','Food & Dining','Culture & History',
        'Adventure Sports','Nightclub Nights'])[1 + ${pick('exp', 6)}]),
      'musicPreference', jsonb_build_object('rap', ${scale('rap')}, 'techno', ${scale('techno')}, 'rock', ${scale('rock')}),
      'drinks', ${pick('drinks', 3)} <> 0, 'cannabisComfort', ${scale('cannabis')},
      'politicalJokes', ${scale('jokes')}, 'animeKdrama', (array['yes','sometimes','no'])[1 + ${pick('anime', 3)}],
      'lgbtqFriendly', true, 'orientation', 'straight', 'hideProfile', false, 'relationshipStatus', 'no',
      'socialMedia', '@bench', 'hideSocialMedia', false)
    from guide_profiles gp
    join users u on u.id = gp.user_id
    cross join lateral (select substring(u.email from 'bench\\.guide\\.(\\d+)@')::int as n) x
    where u.email like 'bench.guide.%'
    on conflict do nothing`);
  await db.execute(sql`analyze guide_profiles`);
  await db.execute(sql`analyze tourist_profiles`);
}

const CATEGORIES = [
  'Scenic Drives',
  'Deep Conversations',
  'Pub Crawls',
  'House Parties',
  'Large Events',
  'Shopping',
  'Food & Dining',
  'Art & Museums',
  'Adventure Sports',
  'Culture & History',
];

/**
 * What the bench guides sell and when they work, for the "where and when" search: one or two published
 * experiences each (category, 1-4 hours, per person or per group, in USD or EUR, group limits, languages), a
 * weekly schedule working each weekday with probability 5/7 (mornings, days or evenings; some past midnight), a
 * daily maximum of 1-3, a blocked day in the next month for one guide in ten, and an accepted booking in the next
 * month for one guide in five, every attribute from its own hash as above. Idempotent: guides that already have
 * experiences or a schedule are skipped.
 */
async function seedBenchOffers(outer: Db): Promise<void> {
  // Every experience inserted makes its guide's match vector read the guide's experiences again (a trigger), with
  // a plan this connection cached while the table was nearly empty: a sequential scan of a table this very
  // statement grows to 150,000 rows, once per row (it ran for more than 15 minutes on a demo database). The
  // ANALYZE drops the cached plans that read experiences; with sequential scans off they come back as index scans.
  await outer.transaction(async (db) => {
    await db.execute(sql`analyze experiences`);
    await db.execute(sql`set local enable_seqscan = off`);
    await insertBenchOffers(db);
  });
  for (const table of ['experiences', 'guide_availability', 'availability_exceptions', 'bookings']) {
    await outer.execute(sql.raw(`analyze ${table}`));
  }
}

async function insertBenchOffers(db: Pick<Db, 'execute'>): Promise<void> {
  const pick = (salt: string, k: number) => sql.raw(`(abs(hashtext(n::text || '${salt}')) % ${k})`);
  /** The bench guides, each with its number n, with more joins before the filter. */
  const bench = (joins = sql``) => sql`
    from guide_profiles gp
    join users u on u.id = gp.user_id
    cross join lateral (select substring(u.email from 'bench\\.guide\\.(\\d+)@')::int as n) x
    ${joins}
    where u.email like 'bench.guide.%'`;
  await db.execute(sql`
    insert into experiences (guide_id, title, category, summary, duration_minutes, price_mode, price, currency,
      min_group, max_group, languages, meeting_address, status)
    select gp.user_id, 'Bench experience ' || k,
      (${arr(CATEGORIES)})[1 + (${pick('cat', CATEGORIES.length)} + k * 3) % ${CATEGORIES.length}],
      '', 60 + 30 * ${pick('dur', 7)}, case when ${pick('mode', 4)} = 0 then 'group' else 'person' end,
      case when ${pick('mode', 4)} = 0 then 200 + ${pick('gprice', 400)} else 30 + ${pick('pprice', 200)} end,
      case when ${pick('cur', 3)} = 0 then 'EUR' else 'USD' end,
      1 + ${pick('ming', 2)}, 4 + ${pick('maxg', 9)},
      array['English', (array['Spanish','French','German','Japanese','Italian'])[1 + ${pick('lang', 5)}]],
      'Bench square', 'published'
    ${bench(sql`cross join generate_series(1, 1 + ${pick('exps', 2)}) k`)}
      and not exists (select 1 from experiences e where e.guide_id = gp.user_id)`);
  const day = (salt: string) =>
    sql.raw(`case when abs(hashtext(n::text || '${salt}')) % 7 < 5 then (array[
      '[{"start":"09:00","end":"13:00"}]', '[{"start":"09:00","end":"17:00"}]',
      '[{"start":"10:00","end":"14:00"},{"start":"16:00","end":"21:00"}]', '[{"start":"18:00","end":"01:00"}]'
    ])[1 + abs(hashtext(n::text || '${salt}h')) % 4]::jsonb else '[]'::jsonb end`);
  await db.execute(sql`
    insert into guide_availability (guide_id, weekly, notice_hours, buffer_minutes, max_per_day)
    select gp.user_id, jsonb_build_object('mon', ${day('mon')}, 'tue', ${day('tue')}, 'wed', ${day('wed')},
      'thu', ${day('thu')}, 'fri', ${day('fri')}, 'sat', ${day('sat')}, 'sun', ${day('sun')}),
      12, 30, 1 + ${pick('max', 3)}
    ${bench()}
    on conflict do nothing`);
  await db.execute(sql`
    insert into availability_exceptions (guide_id, date, kind)
    select gp.user_id, to_char(current_date + ${pick('blockday', 30)}, 'YYYY-MM-DD'), 'blocked'
    ${bench()} and ${pick('blocked', 10)} = 0
    on conflict do nothing`);
  await db.execute(sql`
    insert into bookings (tourist_id, guide_id, experience_id, tour_name, duration_minutes, price_per_person,
      price_mode, unit_price, guide_currency, guide_total, party_size, total_usd, currency, total_local,
      start_at, end_at, time_zone, status, decided_at)
    select t.user_id, gp.user_id, e.id, e.title, e.duration_minutes, e.price, e.price_mode, e.price, e.currency,
      e.price, e.min_group, e.price, 'USD', e.price, s.start_at, s.start_at + e.duration_minutes * interval '1 minute',
      'UTC', 'accepted', now()
    ${bench(sql`
      cross join lateral (select date_trunc('day', now()) + (1 + ${pick('bookday', 30)}) * interval '1 day' + interval '10 hours' as start_at) s
      join lateral (select * from experiences where guide_id = gp.user_id order by created_at limit 1) e on true
      join lateral (select user_id from tourist_profiles order by user_id offset ${pick('tourist', 10)} limit 1) t on true`)}
      and ${pick('booked', 5)} = 0
      and not exists (select 1 from bookings b where b.guide_id = gp.user_id)`);
}

/**
 * `count` accepted bookings for the guide with this e-mail, two a day (10:00 and 15:00 UTC, two hours each) from
 * tomorrow on, with demo tourists: the slots bench's busy calendar. Idempotent: skips when the guide has them.
 */
export async function seedBusyGuide(db: Db, email: string, count: number): Promise<void> {
  await db.execute(sql`
    insert into bookings (tourist_id, guide_id, experience_id, tour_name, duration_minutes, price_per_person,
      price_mode, unit_price, guide_currency, guide_total, party_size, total_usd, currency, total_local,
      start_at, end_at, time_zone, status, decided_at)
    select t.user_id, g.id, e.id, e.title, 120, e.price, 'person', e.price, e.currency, e.price, 1, e.price, 'USD',
      e.price, s.start_at, s.start_at + interval '2 hours', 'Europe/Madrid', 'accepted', now()
    from users g
    join lateral (select * from experiences where guide_id = g.id and status = 'published' order by created_at limit 1) e on true
    cross join lateral (
      select date_trunc('day', now()) + ((1 + n / 2) * interval '1 day') + (case when n % 2 = 0 then 10 else 15 end) * interval '1 hour' as start_at, n
      from generate_series(0, ${count}::int - 1) n
    ) s
    join lateral (select user_id from tourist_profiles order by user_id offset (s.n % 10) limit 1) t on true
    where g.email = ${email}
      and not exists (select 1 from bookings b where b.guide_id = g.id and b.status = 'accepted' and b.start_at > now() + interval '300 days')`);
}

/**
 * The lists at scale (decision 039): `tourists` onboarded tourists in `city`, and the guide with this e-mail in
 * conversation with `conversations` of them, `messages` messages in all (guide and tourist taking turns, the
 * newest conversations first in time), all inside the database with generate_series. Membership, last
 * activity (the past 60 days), interests and openness to new guides each come from their own hash. Idempotent
 * by e-mail and by pair.
 */
export async function seedBenchLists(
  db: Db,
  opts: { city: string; tourists: number; guideEmail: string; conversations: number; messages: number },
): Promise<void> {
  const pick = (salt: string, k: number) => sql.raw(`(abs(hashtext(n::text || '${salt}')) % ${k})`);
  await db.execute(sql`
    insert into users (email, role, display_name, onboarding_completed, last_active_at, created_at)
    select 'bench.local.' || n || '@bench.lokal.app', 'tourist', 'Bench Local ' || n, true,
      now() - ${pick('active', 60 * 24 * 60)} * interval '1 minute', now() - interval '400 days'
    from generate_series(1, ${opts.tourists}::int) n
    on conflict do nothing`);
  await db.execute(sql`
    insert into tourist_profiles (user_id, first_name, last_name, age, city, country, occupation, image, status,
      budget_min, budget_max, interests, languages, looking_for, availability, rating, verified)
    select u.id, (${arr(NAMES)})[1 + ${pick('name', NAMES.length)}], 'Local' || n, 25 + ${pick('age', 40)},
      ${opts.city}, 'United States', 'Investor', '/api/avatars/bench-t' || (n % 500) || '.svg',
      (array['Luxury VIP Member','Premium Member','Gold Member'])[1 + ${pick('status', 3)}], 200, 600,
      array[(${arr(SPECIALTIES)})[1 + ${pick('i1', SPECIALTIES.length)}], (${arr(SPECIALTIES)})[1 + ${pick('i2', SPECIALTIES.length)}]],
      array['English'], array['Hidden bars','Chef tables'],
      jsonb_build_object('newGuides', ${pick('new', 4)} > 0, 'experiencedGuides', true),
      round((3 + ${pick('rating', 20)} / 10.0)::numeric, 1), ${pick('verified', 3)} = 0
    from users u
    cross join lateral (select substring(u.email from 'bench\\.local\\.(\\d+)@')::int as n) x
    where u.email like 'bench.local.%'
    on conflict do nothing`);
  // The guide's conversations: with the first `conversations` locals, one an hour back from now.
  await db.execute(sql`
    insert into conversations (tourist_id, guide_id, started_by, created_at, last_message_at)
    select u.id, g.id, g.id, now() - (n + 1) * interval '1 hour', now() - n * interval '1 hour'
    from users g
    cross join generate_series(1, ${opts.conversations}::int) n
    join users u on u.email = 'bench.local.' || n || '@bench.lokal.app'
    where g.email = ${opts.guideEmail}
    on conflict do nothing`);
  const perConversation = Math.max(1, Math.floor(opts.messages / Math.max(1, opts.conversations)));
  await db.execute(sql`
    insert into messages (conversation_id, sender_id, body, client_id, created_at, read_at)
    select c.id, case when k % 2 = 1 then c.guide_id else c.tourist_id end,
      'Bench message ' || k, 'bench-' || c.id || '-' || k,
      c.created_at + k * (c.last_message_at - c.created_at) / ${perConversation}::int,
      case when k < ${perConversation}::int then c.last_message_at end
    from conversations c
    join users g on g.id = c.guide_id and g.email = ${opts.guideEmail}
    cross join generate_series(1, ${perConversation}::int) k
    where not exists (select 1 from messages m where m.conversation_id = c.id)`);
  for (const table of ['users', 'tourist_profiles', 'conversations', 'messages']) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
}
