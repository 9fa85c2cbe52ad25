import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

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
  await db.execute(sql`analyze guide_profiles`);
  await db.execute(sql`analyze tourist_profiles`);
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
