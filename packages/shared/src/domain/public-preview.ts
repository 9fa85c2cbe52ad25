import type { ExperiencePreview, GuidePreview } from '../schemas/guide-pages.ts';
import { formatMoney } from './discovery.ts';
import { bookingAmounts, formatMinor } from './money.ts';
import { paths } from './pages.ts';
import { countOf, standingText, type TrackRecord } from './track-record.ts';

// The preview a shared guide or experience link shows a signed-out visitor (docs/product.md#shared-links): the
// server writes it into the page it sends, and the browser shows the same markup, so it appears before any
// script and does not move when the app takes over. Every value is escaped here.

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const BUTTON = 'inline-flex items-center justify-center gap-2 rounded-full font-medium transition-colors';
const GOLD = `${BUTTON} h-11 px-5 bg-gold text-ink hover:bg-[#e4b862]`;
const LIGHT = `${BUTTON} h-11 px-5 border border-ivory/40 text-ivory hover:bg-ivory/10`;
const OUTLINE = `${BUTTON} h-9 px-3.5 text-sm border border-ink/20 bg-white/60 text-ink hover:border-ink/40 hover:bg-white`;

type Price = { amount: number; currency: string; priceMode: 'person' | 'group' };
export const fromPriceInWords = (p: Price) =>
  `From ${formatMoney(p.amount, p.currency)} ${p.priceMode === 'person' ? 'per person' : 'per group'}`;

/**
 * "From €49.50 per person, all in": one person's (or the group's) price with the traveller's service fee, in
 * their currency, by the booking's own amount function (docs/product.md#payment).
 */
export function allInFromInWords(
  p: Price,
  pricing: { serviceFeeBp: number; travellerCurrency: string; rate: string },
): string {
  const a = bookingAmounts({
    priceMode: p.priceMode,
    unitPrice: p.amount,
    partySize: 1,
    currency: p.currency,
    travellerCurrency: pricing.travellerCurrency,
    rate: pricing.rate,
    fees: { serviceFeeBp: pricing.serviceFeeBp, commissionBp: 0 },
  });
  const shown = formatMinor(a.travellerTotal, a.travellerCurrency);
  return `From ${shown} ${p.priceMode === 'person' ? 'per person' : 'per group'}, all in`;
}

const ratingInWords = (rating: number, count: number) =>
  count > 0 ? `${rating.toFixed(1)} (${countOf(count, 'review')})` : 'New';

/** A guide's figures of the track record (docs/product.md#track-record): standing, tours and a measured reply time. */
const trackFacts = (track: TrackRecord, rating: number) =>
  [
    `<span><span aria-hidden="true" class="text-gold-deep">★</span> ${escapeHtml(standingText(track, rating))}</span>`,
    track.tours ? `<span>${escapeHtml(track.tours)}</span>` : '',
    track.replyTime ? `<span>${escapeHtml(track.replyTime)}</span>` : '',
  ].join('');

/** Sign in, or ask for an invite, and come back to this page. */
export function signInLinks(here: string) {
  const back = `?${new URLSearchParams({ redirect: here })}`;
  return { signIn: `${paths.tourist.login}${back}`, invite: `${paths.tourist.signup}${back}` };
}

function frame(here: string, body: string, call: { heading: string; lead: string }): string {
  const { signIn, invite } = signInLinks(here);
  return `<div class="min-h-dvh" data-testid="public-preview">
<header class="mx-auto flex max-w-5xl items-center justify-between gap-3 px-5 py-5"><a href="/" class="inline-flex items-center gap-2 font-display text-2xl tracking-tight text-ink"><span aria-hidden="true" class="grid h-8 w-8 place-items-center rounded-lg bg-gold text-base font-bold text-ink">L</span>Lokal</a><a href="${escapeHtml(signIn)}" class="${OUTLINE}">Sign in</a></header>
<main class="mx-auto max-w-5xl px-5 pb-16">${body}
<section class="mt-8 rounded-card bg-ink p-6 text-ivory sm:p-8" aria-labelledby="preview-call"><h2 id="preview-call" class="text-2xl">${escapeHtml(call.heading)}</h2><p class="mt-2 text-ivory/85">${escapeHtml(call.lead)}</p><div class="mt-5 flex flex-wrap gap-3"><a href="${escapeHtml(signIn)}" class="${GOLD}">Sign in</a><a href="${escapeHtml(invite)}" class="${LIGHT}">Request an invite</a></div></section>
</main></div>`;
}

export function guidePreviewHtml(g: GuidePreview, here: string): string {
  const first = g.name.split(' ')[0] ?? g.name;
  const facts = [
    trackFacts(g.track, g.rating),
    g.fromPrice ? `<span>${escapeHtml(fromPriceInWords(g.fromPrice))}</span>` : '',
  ].join('');
  const experiences = g.experiences.length
    ? `<ul class="mt-3 divide-y divide-line">${g.experiences
        .map((e) => `<li class="py-2.5">${escapeHtml(e.title)}</li>`)
        .join('')}</ul>`
    : `<p class="mt-2 text-sm text-muted">${escapeHtml(first)} has no experiences open for booking yet.</p>`;
  const body = `<article class="overflow-hidden rounded-card bg-white shadow-card"><div class="flex flex-col gap-6 p-6 sm:flex-row sm:p-8"><img src="${escapeHtml(g.image)}" alt="${escapeHtml(g.name)}" width="160" height="160" fetchpriority="high" class="h-40 w-40 shrink-0 rounded-2xl bg-sand object-cover"><div class="min-w-0 flex-1"><p class="text-xs font-semibold tracking-[0.2em] text-gold-deep uppercase">Local guide</p><h1 class="mt-1 text-3xl sm:text-4xl">${escapeHtml(g.name)}</h1>${g.verified ? '<p class="mt-2 inline-flex rounded-full bg-sage/15 px-2.5 py-1 text-xs font-semibold text-sage">Verified guide</p>' : ''}<p class="mt-2 text-muted">${escapeHtml(g.track.location)}</p><p class="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">${facts}</p></div></div><section class="border-t border-line p-6 sm:p-8" aria-labelledby="preview-experiences"><h2 id="preview-experiences" class="text-xl">Experiences</h2>${experiences}</section></article>`;
  return frame(here, body, {
    heading: `Meet ${first} on Lokal`,
    lead: `Lokal is in private beta. Sign in to read reviews, see open times and message ${first}.`,
  });
}

export function experiencePreviewHtml(e: ExperiencePreview, here: string): string {
  const hours = Math.round(e.durationMinutes / 6) / 10;
  const photo = e.photo
    ? `<img src="${escapeHtml(e.photo)}" alt="" width="1200" height="900" fetchpriority="high" class="aspect-[16/9] w-full bg-sand object-cover">`
    : '';
  const body = `<article class="overflow-hidden rounded-card bg-white shadow-card">${photo}<div class="p-6 sm:p-8"><p class="text-xs font-semibold tracking-[0.2em] text-gold-deep uppercase">${escapeHtml(e.category)} · ${escapeHtml(e.city)}</p><h1 class="mt-1 text-3xl sm:text-4xl">${escapeHtml(e.title)}</h1>${e.summary ? `<p class="mt-3 text-ink/80">${escapeHtml(e.summary)}</p>` : ''}<p class="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm"><span><span aria-hidden="true" class="text-gold-deep">★</span> ${escapeHtml(ratingInWords(e.rating.average, e.rating.count))}</span><span>${hours} h</span><span>${escapeHtml(fromPriceInWords(e.fromPrice))}</span></p><p class="mt-4 flex items-center gap-3 text-sm"><img src="${escapeHtml(e.guide.image)}" alt="" width="40" height="40" class="h-10 w-10 rounded-full bg-sand object-cover"><span>With <strong>${escapeHtml(e.guide.name)}</strong>${e.guide.verified ? ', verified guide' : ''}</span></p><p class="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted" data-testid="guide-track">${trackFacts(e.guide.track, e.guide.rating)}</p></div></article>`;
  const first = e.guide.name.split(' ')[0] ?? e.guide.name;
  return frame(here, body, {
    heading: 'Book this experience on Lokal',
    lead: `Lokal is in private beta. Sign in to see open times, the price for your party and to book with ${first}.`,
  });
}

/** The page for an address that leads nowhere (or to something hidden). */
export function notFoundHtml(): string {
  return `<main class="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-5 text-center" data-testid="not-found"><h1 class="text-3xl">Page not found</h1><p class="mt-2 text-muted">This page does not exist or is no longer available.</p><a href="/" class="${GOLD} mt-6">Back to Lokal</a></main>`;
}
