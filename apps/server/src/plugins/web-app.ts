import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { pageExtras, SESSION_READ, screenReads } from '@lokal/shared/domain/first-reads';
import { PAGE_LIST, publicPageRead } from '@lokal/shared/domain/pages';
import { type SessionResponse, sessionResponseSchema } from '@lokal/shared/schemas/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { firstReadHeader } from './internal-reads.ts';
import { responseSerializer } from './response-serializer.ts';
import type { RequestAuth } from './sessions.ts';

/** Built per route pattern ('/tourist/chats/:conversationId'): its chunks' preload links, its skeleton's markup. */
type Preloads = Record<string, string>;
type Skeletons = Record<string, string>;

const ROOT = '<div id="root"></div>';

/** A guide's or an experience's page as the server renders it: its status, its head's tags, its #root. */
type RenderedPage = { status: number; head: string; root: string };

/** What the pages take from the modules (app.ts passes them in): plugins import no module. */
export type WebAppOptions = {
  webDist: string | undefined;
  publicUrl: string;
  production: boolean;
  /** The session route's answer for a resolved session. */
  sessionAnswer: (auth: RequestAuth | null) => SessionResponse;
  /** A guide's or an experience's page from its API answer (null: the shell as for any other page). */
  renderPublicPage: (input: {
    route: string;
    publicUrl: string;
    status: number;
    answer: unknown;
    signedIn: boolean;
  }) => RenderedPage | null;
};

/** The session route's serializer, for the session answer every page carries. */
const sessionJson = responseSerializer({ schema: sessionResponseSchema });

/**
 * The shell cut once where a page adds to it: before `</head>` (`head`, and `headBare` without the title and
 * description a public page brings its own of) and inside `#root`. A page is then one concatenation of the
 * pieces and what it carries, not a series of replacements over the whole page.
 */
type Shell = { head: string; headBare: string; body: string; tail: string };

function cutShell(html: string): Shell | null {
  const headEnd = html.indexOf('</head>');
  const root = html.indexOf(ROOT, headEnd);
  if (headEnd < 0 || root < 0) return null;
  const head = html.slice(0, headEnd);
  return {
    head,
    headBare: head.replace(/<title>[^<]*<\/title>/, '').replace(/<meta name="description"[^>]*>/, ''),
    body: `${html.slice(headEnd, root)}<div id="root">`,
    tail: html.slice(root + '<div id="root">'.length),
  };
}

// Serves the built SPA: hashed assets are immutable for a year, index.html is always revalidated.
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const { webDist } = options;
  const hasApp = Boolean(webDist && existsSync(path.join(webDist, 'index.html')));
  if (hasApp && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz next to every text file.
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.header('Cache-Control', 'no-cache');
        }
      },
    });
  }
  // The shell of every client-side route, and each screen's chunks (both written by the web build).
  const shellFile = webDist && path.join(webDist, 'app.html');
  const cut = shellFile && existsSync(shellFile) ? cutShell(readFileSync(shellFile, 'utf8')) : null;
  // The page says which server served it, so the first render already knows whether development mode can be
  // on (docs/product.md#access-guard): no guard decides before the app-config answer arrives.
  const environment = `<meta name="lokal-environment" content="${options.production ? 'production' : 'development'}">`;
  const shell = cut && { ...cut, head: cut.head + environment, headBare: cut.headBare + environment };
  const preloadsFile = webDist && path.join(webDist, 'preloads.json');
  // Each pattern's links written once: every page of that screen carries the same.
  const preloads: Preloads = Object.fromEntries(
    Object.entries<string[]>(
      preloadsFile && existsSync(preloadsFile) ? JSON.parse(readFileSync(preloadsFile, 'utf8')) : {},
    ).map(([route, files]) => [
      route,
      files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join(''),
    ]),
  );
  const skeletonsFile = webDist && path.join(webDist, 'skeletons.json');
  const skeletons: Skeletons = Object.fromEntries(
    Object.entries<string>(
      skeletonsFile && existsSync(skeletonsFile) ? JSON.parse(readFileSync(skeletonsFile, 'utf8')) : {},
    ),
  );

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const file = hasApp && !isApi(url) && ['GET', 'HEAD'].includes(request.method);
    return reply.status(404).send({
      message: file ? `File ${url} not found` : `Route ${request.method} ${url} not found`,
      code: 'not-found',
    });
  });
  if (!hasApp) return;

  // Every other GET is a client-side route. A route (not the not-found handler) so responses are compressed.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // Unknown API paths and missing files are 404s; a file that exists was served by the static plugin.
    if (isApi(url) || url.startsWith('/assets/') || path.extname(url)) {
      return reply.callNotFound();
    }
    // index.html carries the prerendered landing page; every other route gets the shell, completed.
    if (url === '/' || !shell) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    const { html, status } = await completeShell(app, request, shell, preloads, skeletons, options);
    // A path that is no page of the app gets the app's not-found screen with a 404 (docs/product.md#pages);
    // a guide or experience page that is not there for this visitor, too (docs/product.md#shared-links).
    // The page holds this visitor's first answers: never shared, never stored by a cache in between.
    return reply
      .status(isPage(url) ? status : 404)
      .header('Cache-Control', 'private, no-cache')
      .header('Vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}

/**
 * The shell with the screen's skeleton in `#root` and, before `</head>`, its chunks to preload and the answers to its first reads
 * (decision 016): the browser fetches the screen's code alongside the entry and renders it without a
 * round trip to the API. The answers come from the API itself (`app.inject`, with the visitor's cookie), so they
 * are exactly what the browser would have been told.
 */
async function completeShell(
  app: FastifyInstance,
  request: FastifyRequest,
  shell: Shell,
  preloads: Preloads,
  skeletons: Skeletons,
  { publicUrl, sessionAnswer, renderPublicPage }: WebAppOptions,
): Promise<{ html: string; status: number }> {
  const { pathname, searchParams } = new URL(request.url, 'http://page');
  const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const links = forRoute(preloads, route) ?? '';
  // The screen's skeleton paints before any script has loaded; React replaces it (decision 032).
  const skeleton = forRoute(skeletons, route) ?? '';
  if (request.method === 'HEAD') {
    return { html: shell.head + links + shell.body + skeleton + shell.tail, status: 200 };
  }

  // Each answer is kept as the API wrote it and written into the page's JSON as it is.
  const payloads = new Map<string, string>();
  const asked = [SESSION_READ];
  const statuses: Record<string, number> = {};
  let page: RenderedPage | null = null;
  try {
    // The session of the visitor's cookie: the page's own session answer. Every first read below is answered
    // as an API request with that cookie (and nothing else of the visitor's) would be: through the app's own
    // routing (`inject`), the same route, hooks and serializer.
    const auth = await app.cookieSession(request);
    const headers = {
      accept: 'application/json',
      ...firstReadHeader,
      ...(request.headers.host ? { host: request.headers.host } : {}),
      ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
      ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
    };
    const read = async (address: string): Promise<void> => {
      const res = await app.inject({ method: 'GET', url: address, headers, remoteAddress: request.ip });
      statuses[address] = res.statusCode;
      if (res.statusCode !== 200 || !String(res.headers['content-type']).startsWith('application/json'))
        return;
      payloads.set(address, res.body);
    };
    const parsed = <T>(address: string): T | undefined => {
      const payload = payloads.get(address);
      return payload === undefined ? undefined : (JSON.parse(payload) as T);
    };
    // The session's own answer needs no request: it is the resolved session, written by its route's serializer.
    const session = sessionAnswer(auth);
    payloads.set(SESSION_READ, sessionJson(session));
    const user = session.user;
    const own = publicPageRead(route);
    const reads = [...screenReads(route, searchParams, user), ...(own ? [own] : [])];
    asked.push(...reads);
    await Promise.all(reads.map(read));
    // A guide or experience page is rendered here, preview and tags (docs/product.md#shared-links).
    if (own) {
      // What the page shows a member beside it (its reviews, the hearts), so it renders once, complete.
      const answer = parsed(own);
      const extras = pageExtras(route, answer);
      asked.push(...extras);
      await Promise.all(extras.map(read));
      page = renderPublicPage({
        route,
        publicUrl,
        status: statuses[own] ?? 500,
        answer,
        signedIn: Boolean(user),
      });
    }
  } catch (err) {
    // The browser asks for itself what the page does not carry.
    request.log.warn({ err }, 'could not answer a first read in the page');
  }
  // The answers in the order they were asked (the session first). `<` is escaped so no answer can close the
  // script element; the type keeps it data, never code.
  const entries: string[] = [];
  for (const address of asked) {
    const payload = payloads.get(address);
    if (payload !== undefined) entries.push(`${JSON.stringify(address)}:${payload}`);
  }
  const joined = entries.join(',');
  const json = joined.includes('<') ? joined.replace(/</g, '\\u003c') : joined;
  const answers = `<script type="application/json" id="first-answers">{${json}}</script>`;
  // A guide's or an experience's page brings its own title, description and tags, and its markup for #root.
  const html = page
    ? shell.headBare + links + answers + page.head + shell.body + page.root + shell.tail
    : shell.head + links + answers + shell.body + skeleton + shell.tail;
  return { html, status: page?.status ?? 200 };
}

/** Patterns split into their parts once: every page request is matched against all of them. */
const patternParts = new Map<string, string[]>();

function matches(pattern: string, got: string[]): boolean {
  let want = patternParts.get(pattern);
  if (!want) {
    want = pattern.split('/');
    patternParts.set(pattern, want);
  }
  if (want.length !== got.length) return false;
  for (let i = 0; i < want.length; i++) {
    const part = want[i] as string;
    if (part.startsWith(':') ? got[i] === '' : part !== got[i]) return false;
  }
  return true;
}

function forRoute<T>(table: Record<string, T>, route: string): T | undefined {
  const got = route.split('/');
  for (const pattern in table) if (matches(pattern, got)) return table[pattern];
  return undefined;
}

/** Whether the path is one of the app's pages (the shared page table); a trailing slash is forgiven. */
function isPage(url: string): boolean {
  const got = (url.length > 1 ? url.replace(/\/+$/, '') : url).split('/');
  return PAGE_LIST.some((page) => matches(page.path, got));
}

function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}
