// llms.txt, llms-full.txt, sitemap.xml, robots.txt and skill.md, made per reader and site URL, or the docs folder's own.
import { Router, type Request, type RequestHandler } from 'express';
import { skillText, type LoadedBundle, type ManifestPage } from '../../bundle/index.js';
import { canRead, type CustomFile } from '../../site/index.js';
import { llmsFullTxt, llmsTxt, sitemapXml, type LlmsEntry } from '../../render/index.js';
import { sendBundleFile } from '../bundle-file.js';
import { ASSET_HEADERS } from '../security-headers.js';
import { publicCors } from '../cors.js';
import { readablePages, type ReaderView } from '../reader-view.js';
import { siteUrlOf } from '../site-url.js';

export interface AgentFilesRouteOptions {
  bundle: LoadedBundle;
  siteUrl: string | undefined;
  viewOf(req: Request): ReaderView;
}

const TEXT = 'text/plain; charset=utf-8';
const XML = 'application/xml';

export function agentFilesRoute({ bundle, siteUrl, viewOf }: AgentFilesRouteOptions): Router {
  const byPath = new Map(bundle.manifest.pages.map((page) => [page.path, page]));
  const order = bundle.manifest.readingOrder.map((path) => byPath.get(path)!);
  const markdown = new Map<string, string>();
  const markdownOf = async (page: ManifestPage): Promise<string> => {
    let text = markdown.get(page.path);
    if (text === undefined) markdown.set(page.path, (text = (await bundle.folder.readAsync(page.markdown)).toString('utf8')));
    return text;
  };
  const entries = async (req: Request): Promise<LlmsEntry[]> => {
    const view = viewOf(req);
    const readable = order.filter((page) => view.canRead(page));
    return Promise.all(
      readable.map(async (page) => ({ url: page.url, title: page.title, summary: page.summary, section: page.section, markdown: await markdownOf(page) })),
    );
  };
  const site = (req: Request) => ({
    name: bundle.manifest.site.name,
    siteUrl: siteUrlOf(req, siteUrl),
    ...(bundle.manifest.site.description ? { description: bundle.manifest.site.description } : {}),
  });
  const text = (type: string) => (res: import('express').Response, body: string) => void res.type(type).send(body);
  const custom = new Set(bundle.manifest.customFiles ?? []);
  /**
   * Sends the docs folder's own `name` where it has one, else makes the document with `made`.
   * With authentication on, an own llms.txt or sitemap is for signed-in readers, like the pages
   * that are not public (it may list any of them); robots.txt is for every crawler.
   */
  const own = (name: CustomFile, type: string, made: RequestHandler): RequestHandler =>
    custom.has(name)
      ? (req, res, next) => {
          const view = viewOf(req);
          if (name !== 'robots.txt' && !canRead(view.principal, { public: false, groups: [] }, view.authentication)) return next();
          sendBundleFile(res.type(type), bundle, name, ASSET_HEADERS, next);
        }
      : made;

  const router = Router();
  router.use(['/llms.txt', '/llms-full.txt', '/skill.md'], publicCors);
  router.get(
    '/llms.txt',
    own('llms.txt', TEXT, async (req, res) => text(TEXT)(res, llmsTxt(site(req), await entries(req)))),
  );
  router.get(
    '/llms-full.txt',
    own('llms-full.txt', TEXT, async (req, res) => text(TEXT)(res, llmsFullTxt(site(req), await entries(req)))),
  );
  router.get(
    '/sitemap.xml',
    own('sitemap.xml', XML, (req, res) => {
      // Only what anyone may read belongs in a sitemap.
      const pages = readablePages(bundle, viewOf(req)).filter(
        (page) => page.indexed && page.access.groups.length === 0 && (page.access.public || !viewOf(req).authentication),
      );
      text(XML)(
        res,
        sitemapXml(
          siteUrlOf(req, siteUrl),
          pages.map((page) => page.url),
        ),
      );
    }),
  );
  router.get(
    '/robots.txt',
    own('robots.txt', TEXT, (req, res) => text(TEXT)(res, `User-agent: *\nAllow: /\n\nSitemap: ${siteUrlOf(req, siteUrl)}/sitemap.xml\n`)),
  );
  router.get('/skill.md', (req, res, next) => {
    const skill = bundle.skills.find((s) => s.groups.length === 0);
    if (!skill) return next();
    text('text/markdown; charset=utf-8')(res, skillText(bundle.manifest, skill, viewOf(req).canRead));
  });
  return router;
}
