import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { errorCodes, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Locale } from '@therapy/contracts/messages';
import { AppError } from '../errors.ts';
import { alternateLinks, germanTwin, pathLocale } from './locale-redirect.ts';

/**
 * Serves the built web app (docs/decisions/0012): hashed assets as precompressed, immutable files; public pages
 * rendered on the server (so their content paints before any script runs); every other page as the single-page
 * app's index.html. A failed server render never fails the page: the browser renders it instead.
 */
interface ServerEntry {
  prepare(options: { fetch: (url: string, init: RequestInit) => Promise<Response> }): Promise<void>;
  renderPage(request: {
    url: string;
    locale: Locale;
    cookies: Record<string, string>;
    languages: string[];
    origin: string;
  }): Promise<RenderedPage | null>;
}
interface RenderedPage {
  status: number;
  html: string;
  data: string;
  title: string;
  /** The page's description (else the template's) and its path (the canonical link and Open Graph; none for a 404). */
  description?: string | undefined;
  path?: string | undefined;
  /** The page's schema.org JSON-LD, already escaped for its script element. */
  structuredData?: string | undefined;
  /** The page's own link-preview picture; else the site's card. */
  image?: { path: string; alt: string } | undefined;
  modules: string[];
}

/** The site's link-preview card (the directory module serves it with the therapists' cards, docs/decisions/0062). */
const SITE_IMAGE = { path: '/og/site.png', alt: 'Therapy Finder: find a licensed therapist and book a session.' };
const OG_WIDTH = 1200;
const OG_HEIGHT = 630;
interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** Requests the renderer makes to the API in-process carry this header, so the per-IP flood guard skips them. */
export const internalRequestHeader = 'x-internal-render';
export const internalRequestToken = crypto.randomBytes(24).toString('hex');

const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function registerWebApp(
  app: FastifyInstance,
  opts: { webDist: string; serverEntry: string; enabled: boolean; origin: string },
): Promise<void> {
  const templatePath = path.join(opts.webDist, 'index.html');
  const serveWeb = opts.enabled && fs.existsSync(templatePath);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      // The files are indexed at start-up (a deploy restarts the process); pages come from the handler below.
      wildcard: false,
      index: false,
      preCompressed: true,
      // Compressed twins are found by the plugin itself; source maps are for error reporting, not for the public.
      globIgnore: ['**/*.br', '**/*.gz', '**/*.map', 'index.html'],
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        void reply.header('cache-control', hashed ? IMMUTABLE : 'public, max-age=3600');
      },
    });
  }
  const page = serveWeb ? await createPageRenderer(app, opts) : null;
  if (page) {
    // A page's own form sent natively (before hydration) is answered by the redirect below; its fields are never read.
    // The API keeps refusing this media type as before.
    app.addContentTypeParser('application/x-www-form-urlencoded', (req, payload, done) => {
      if (req.url.startsWith('/api/'))
        return done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(req.headers['content-type']), undefined);
      payload.resume();
      payload.on('end', () => done(null, undefined));
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const isApi = req.url.startsWith('/api/') || req.url === '/api';
    // A missing file (an old tab asking for assets of a previous deploy) is a 404, never index.html as JavaScript.
    const isFile = /\.[A-Za-z0-9]{1,8}$/.test(req.url.split('?')[0] ?? '');
    // A form sent before the page's script took over (its forms say method="post", so nothing lands in the URL):
    // back to the page, without looking at what was sent.
    if (!isApi && !isFile && page && req.method === 'POST') return reply.redirect(req.url, 303);
    if (isApi || isFile || !page || (req.method !== 'GET' && req.method !== 'HEAD')) throw AppError.notFound();
    return page(req, reply);
  });
}

async function createPageRenderer(
  app: FastifyInstance,
  opts: { webDist: string; serverEntry: string; origin: string },
) {
  const origin = opts.origin.replace(/\/$/, '');
  const template = fs.readFileSync(path.join(opts.webDist, 'index.html'), 'utf8');
  const manifestPath = path.join(opts.webDist, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = fs.existsSync(manifestPath)
    ? JSON.parse(fs.readFileSync(manifestPath, 'utf8'))
    : {};
  const entry = fs.existsSync(opts.serverEntry)
    ? ((await import(pathToFileURL(opts.serverEntry).href)) as ServerEntry)
    : null;
  if (entry) await entry.prepare({ fetch: (url, init) => injectFetch(app, url, init) });
  else app.log.warn('the web app has no server bundle (apps/web/dist-server): pages are rendered in the browser only');

  const sendHtml = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie, Accept-Language')
      .send(html);

  return async (req: FastifyRequest, reply: FastifyReply) => {
    // German pages are at /de (docs/decisions/0063): a bare URL is English unless the visitor asked for German.
    const twin = germanTwin(req, acceptedLanguages(req));
    if (twin)
      return reply.header('cache-control', 'no-cache').header('vary', 'Cookie, Accept-Language').redirect(twin, 302);
    const locale = pathLocale(req.url);
    let rendered: RenderedPage | null = null;
    if (entry) {
      try {
        rendered = await entry.renderPage({
          url: req.url,
          locale,
          cookies: cookiesOf(req),
          languages: acceptedLanguages(req),
          origin,
        });
      } catch (err) {
        req.log.error({ err }, 'server render failed; the browser renders the page');
      }
    }
    // A public page the browser renders still names its canonical address in the shell it is sent.
    if (!rendered?.html)
      return sendHtml(
        reply,
        rendered?.status ?? 200,
        rendered?.path ? fillShell(template, rendered, origin, locale) : withLang(template, locale),
      );
    return sendHtml(
      reply,
      rendered.status,
      fillTemplate(template, rendered, preloadLinks(manifest, rendered.modules), origin),
    );
  };
}

function fillTemplate(template: string, page: RenderedPage, preload: string[], origin: string): string {
  const lang = /"locale":"(en|de)"/.exec(page.data)?.[1] ?? 'en';
  // bootScript: the app's code is announced by /boot.js (apps/web/public/boot.js, kept small and without its
  // explanation, which is here, since every byte of it counts in the landing page's budget). Server-rendered pages
  // paint first and load the app after: the script, named in the page with the entry and its preloads, adds them once
  // the first frame is on screen, so the page's text and pictures do not share the network with the app's code on a
  // slow connection; a hidden tab (no frames) starts after half a second. It adds the preload links six per task
  // (each costs the main thread about half a millisecond on a phone, and a page names thirty or more), so no task
  // blocks a tap (issue 49, Total Blocking Time), and the entry last.
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(template);
  const preloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  let html = template;
  for (const found of [entry, ...preloads]) if (found) html = html.replace(found[0], '');
  const boot = entry
    ? `<script src="/boot.js" defer data-entry="${entry[1]}" data-preload="${[...new Set([...preloads.map((p) => p[1]), ...preload])].join(' ')}"></script>`
    : '';
  return fillHead(html, page, origin, lang, boot).replace(
    '<div id="root"></div>',
    `<div id="root">${page.html}</div><script type="application/json" id="ssr-data">${page.data}</script>`,
  );
}

/** A signed-in page's shell: no head of its own, but its language (`/de/...` is German). */
const withLang = (html: string, lang: Locale) => html.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`);

/** The shell of a page the browser renders (its script tags untouched), with the page's language, title and head. */
function fillShell(template: string, page: RenderedPage, origin: string, lang: Locale): string {
  return fillHead(template, page, origin, lang, '');
}

/**
 * Search results and link previews: the page's description (else the site's), its canonical address (its own
 * language's), its hreflang alternates both ways (docs/decisions/0063), Open Graph.
 */
function fillHead(html: string, page: RenderedPage, origin: string, lang: string, extra: string): string {
  const siteDescription = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
  const description = page.description ? escapeHtml(page.description) : siteDescription;
  const url = page.path ? `${origin}${page.path}` : null;
  const image = page.image ?? SITE_IMAGE;
  const social = [
    url ? `<link rel="canonical" href="${escapeHtml(url)}">` : '',
    page.path ? alternateLinks(origin, page.path, escapeHtml) : '',
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="Therapy Finder">`,
    `<meta property="og:locale" content="${lang === 'de' ? 'de_DE' : 'en_US'}">`,
    `<meta property="og:locale:alternate" content="${lang === 'de' ? 'en_US' : 'de_DE'}">`,
    `<meta property="og:title" content="${escapeHtml(page.title)}">`,
    `<meta property="og:description" content="${description}">`,
    url ? `<meta property="og:url" content="${escapeHtml(url)}">` : '',
    `<meta property="og:image" content="${escapeHtml(`${origin}${image.path}`)}">`,
    `<meta property="og:image:type" content="image/png">`,
    `<meta property="og:image:width" content="${OG_WIDTH}">`,
    `<meta property="og:image:height" content="${OG_HEIGHT}">`,
    `<meta property="og:image:alt" content="${escapeHtml(image.alt)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    page.structuredData ? `<script type="application/ld+json">${page.structuredData}</script>` : '',
  ].join('');
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${description}" />`)
    .replace('</head>', `${social}${extra}</head>`);
}

/** The page's own chunk, its translations and what they import: fetched in parallel with the main script. */
function preloadLinks(manifest: Record<string, ManifestChunk>, modules: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of modules) visit(key);
  return [...files].map((file) => `/${file}`);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The renderer's API calls go through the real routes in-process: same validation and access checks, no socket. */
async function injectFetch(app: FastifyInstance, url: string, init: RequestInit): Promise<Response> {
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, key) => {
    headers[key] = value;
  });
  const res = await app.inject({
    method: (init.method ?? 'GET') as 'GET',
    url,
    headers: { ...headers, [internalRequestHeader]: internalRequestToken },
    ...(typeof init.body === 'string' ? { payload: init.body } : {}),
  });
  return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
    status: res.statusCode,
    headers: Object.entries(res.headers).flatMap(([k, v]) =>
      v === undefined ? [] : (Array.isArray(v) ? v : [String(v)]).map((x) => [k, x] as [string, string]),
    ),
  });
}

/** Accept-Language's tags, best first ("de-AT,de;q=0.9,en;q=0.8" -> de-AT, de, en); at most a few, as a browser sends. */
export function acceptedLanguages(req: FastifyRequest): string[] {
  const header = req.headers['accept-language'];
  if (typeof header !== 'string') return [];
  return header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? '1',
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter((entry) => /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(entry.tag) && entry.q > 0)
    .sort((a, b) => b.q - a.q)
    .slice(0, 8)
    .map((entry) => entry.tag);
}

const cookiesOf = (req: FastifyRequest): Record<string, string> =>
  Object.fromEntries(
    Object.entries(req.cookies ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
