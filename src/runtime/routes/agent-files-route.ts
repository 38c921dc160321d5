// llms.txt, llms-full.txt, sitemap.xml, robots.txt and skill.md, made per reader and site URL.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Router, type Request } from 'express';
import type { LoadedBundle, ManifestPage } from '../../bundle/index.js';
import { llmsFullTxt, llmsTxt, sitemapXml, type LlmsEntry } from '../../render/index.js';
import { publicCors } from '../cors.js';
import { readablePages, type ReaderView } from '../reader-view.js';
import { siteUrlOf } from '../site-url.js';

export interface AgentFilesRouteOptions {
  bundle: LoadedBundle;
  siteUrl: string | undefined;
  viewOf(req: Request): ReaderView;
}

export function agentFilesRoute({ bundle, siteUrl, viewOf }: AgentFilesRouteOptions): Router {
  const byPath = new Map(bundle.manifest.pages.map((page) => [page.path, page]));
  const order = bundle.manifest.readingOrder.map((path) => byPath.get(path)!);
  const markdown = new Map<string, string>();
  const markdownOf = async (page: ManifestPage): Promise<string> => {
    let text = markdown.get(page.path);
    if (text === undefined) markdown.set(page.path, (text = await readFile(join(bundle.dir, page.markdown), 'utf8')));
    return text;
  };
  const entries = async (req: Request): Promise<LlmsEntry[]> => {
    const view = viewOf(req);
    const readable = order.filter((page) => view.canRead(page));
    return Promise.all(readable.map(async (page) => ({ url: page.url, title: page.title, summary: page.summary, section: page.section, markdown: await markdownOf(page) })));
  };
  const site = (req: Request) => ({ name: bundle.manifest.site.name, siteUrl: siteUrlOf(req, siteUrl), ...(bundle.manifest.site.description ? { description: bundle.manifest.site.description } : {}) });
  const text = (type: string) => (res: import('express').Response, body: string) => void res.type(type).send(body);

  const router = Router();
  router.use(['/llms.txt', '/llms-full.txt', '/skill.md'], publicCors);
  router.get('/llms.txt', async (req, res) => text('text/plain; charset=utf-8')(res, llmsTxt(site(req), await entries(req))));
  router.get('/llms-full.txt', async (req, res) => text('text/plain; charset=utf-8')(res, llmsFullTxt(site(req), await entries(req))));
  router.get('/sitemap.xml', (req, res) => {
    // Only what anyone may read belongs in a sitemap.
    const pages = readablePages(bundle, viewOf(req)).filter((page) => page.indexed && page.access.groups.length === 0 && (page.access.public || !viewOf(req).authentication));
    text('application/xml')(res, sitemapXml(siteUrlOf(req, siteUrl), pages.map((page) => page.url)));
  });
  router.get('/robots.txt', (req, res) => text('text/plain; charset=utf-8')(res, `User-agent: *\nAllow: /\n\nSitemap: ${siteUrlOf(req, siteUrl)}/sitemap.xml\n`));
  router.get('/skill.md', (req, res, next) => {
    const skill = bundle.skills.find((s) => s.groups.length === 0);
    if (!skill) return next();
    text('text/markdown; charset=utf-8')(res, skill.content);
  });
  return router;
}
