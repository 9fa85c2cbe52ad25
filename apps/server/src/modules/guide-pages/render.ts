import {
  escapeHtml,
  experiencePreviewHtml,
  fromPriceInWords,
  guidePreviewHtml,
  notFoundHtml,
} from '@lokal/shared/domain/public-preview';
import type { ExperiencePageResponse, GuidePageResponse } from '@lokal/shared/schemas/guide-pages';

/** What the server writes into a public page's HTML: its status, the head's tags and the content to show. */
export type RenderedPage = { status: number; head: string; root: string };

const absolute = (publicUrl: string, url: string) => (url.startsWith('/') ? `${publicUrl}${url}` : url);

function head(
  publicUrl: string,
  here: string,
  tags: { title: string; description: string; image?: string | null },
) {
  const t = escapeHtml(tags.title);
  const d = escapeHtml(tags.description);
  return [
    `<title>${t}</title>`,
    `<meta name="description" content="${d}">`,
    `<link rel="canonical" href="${escapeHtml(absolute(publicUrl, here))}">`,
    '<meta property="og:site_name" content="Lokal">',
    `<meta property="og:title" content="${t}">`,
    `<meta property="og:description" content="${d}">`,
    `<meta property="og:url" content="${escapeHtml(absolute(publicUrl, here))}">`,
    tags.image ? `<meta property="og:image" content="${escapeHtml(absolute(publicUrl, tags.image))}">` : '',
    `<meta name="twitter:card" content="${tags.image ? 'summary_large_image' : 'summary'}">`,
  ].join('');
}

/**
 * The picture a page opens with, its largest paint, for the browser to fetch before the stylesheet and scripts
 * are in: a member's page is drawn by the app, where the picture would be found only once the script has run
 * (decision 038).
 */
const hero = (image: string | null) =>
  image ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(image)}">` : '';

const clip = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

/**
 * A guide or experience page as the server sends it (docs/product.md#shared-links): the title, description and
 * Open Graph tags for link previews, and for a signed-out visitor the preview itself, so it shows before any
 * script runs. A page the API answers 404 for is a 404 page. Only the public preview's fields are used.
 */
export function renderPublicPage(input: {
  route: string;
  publicUrl: string;
  status: number;
  answer: unknown;
  signedIn: boolean;
}): RenderedPage | null {
  const { route, publicUrl } = input;
  if (input.status === 404 || input.status === 400) {
    return {
      status: 404,
      head: '<title>Page not found | Lokal</title><meta name="robots" content="noindex">',
      root: notFoundHtml(),
    };
  }
  if (input.status !== 200 || !input.answer) return null;
  if (route.startsWith('/guides/')) {
    const { preview: g } = input.answer as GuidePageResponse;
    const where = [g.city, g.country].filter(Boolean).join(', ');
    const titles = g.experiences.map((e) => e.title).slice(0, 3);
    return {
      status: 200,
      head:
        hero(g.image) +
        head(publicUrl, route, {
          title: `${g.name}, local guide in ${g.city || 'Lokal'} | Lokal`,
          description: clip(
            [
              `${g.name}${g.verified ? ', a verified' : ', a'} local guide${where ? ` in ${where}` : ''}.`,
              titles.length ? `Experiences: ${titles.join(', ')}.` : '',
              g.fromPrice ? `${fromPriceInWords(g.fromPrice)}.` : '',
            ]
              .filter(Boolean)
              .join(' '),
          ),
          image: g.image,
        }),
      root: input.signedIn ? '' : guidePreviewHtml(g, route),
    };
  }
  const { preview: e } = input.answer as ExperiencePageResponse;
  return {
    status: 200,
    head:
      hero(e.photo) +
      head(publicUrl, route, {
        title: `${e.title} with ${e.guide.name} in ${e.city} | Lokal`,
        description: clip(
          `${(e.summary || e.title).replace(/[.!?…]+$/, '')}. ${fromPriceInWords(e.fromPrice)}, ${Math.round(e.durationMinutes / 6) / 10} h.`,
        ),
        image: e.photo ?? e.guide.image,
      }),
    root: input.signedIn ? '' : experiencePreviewHtml(e, route),
  };
}
