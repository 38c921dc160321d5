// What docs.json puts around every page: the navbar's links and button, the footer, the banner.
import { createHash } from 'node:crypto';
import type { ElementContent, Root as HastRoot } from 'hast';
import { h } from 'hastscript';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import type { DocsConfig, NavbarLink } from '../../config/index.js';
import { browserUrl } from '../browser-urls.js';
import { isObject } from './config-values.js';
import { safeUrl } from '../jsx-props.js';
import { sanitizeBody } from '../sanitize-body.js';

/** Labels of the navbar links and buttons that have a `type` and need no label. */
const TYPE_LABELS: Readonly<Record<string, string>> = { github: 'GitHub', discord: 'Discord' };

/** How each platform of `footer.socials` is named; others are named by their key. */
const SOCIAL_LABELS: Readonly<Record<string, string>> = {
  x: 'X',
  'x-twitter': 'X',
  twitter: 'Twitter',
  website: 'Website',
  facebook: 'Facebook',
  youtube: 'YouTube',
  discord: 'Discord',
  slack: 'Slack',
  github: 'GitHub',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  'hacker-news': 'Hacker News',
  medium: 'Medium',
  telegram: 'Telegram',
  'earth-americas': 'Website',
  bluesky: 'Bluesky',
  threads: 'Threads',
  reddit: 'Reddit',
  podcast: 'Podcast',
};

/**
 * A link's `href` as a browser needs it: a page of the site (`/quickstart`) or any other URL,
 * but never one that runs script (validate reports those: link/script-url).
 */
function linkHref(href: unknown): string | undefined {
  if (typeof href !== 'string' || href === '') return undefined;
  return safeUrl(href.startsWith('/') && !href.startsWith('//') ? browserUrl(href, 'index', 'link') : href);
}

function linkLabel(link: NavbarLink): string | undefined {
  return typeof link.label === 'string' && link.label !== '' ? link.label : typeof link.type === 'string' ? TYPE_LABELS[link.type] : undefined;
}

/** `navbar.links` and `navbar.primary`, for the header; nothing without them. */
export function navbar(config: DocsConfig): ElementContent[] {
  const given = isObject(config.navbar) ? config.navbar : {};
  const links = (Array.isArray(given.links) ? given.links : []).flatMap((link: unknown) => {
    if (!isObject(link)) return [];
    const [label, href] = [linkLabel(link), linkHref(link.href)];
    return label && href ? [h('li', [h('a', { href }, label)])] : [];
  });
  const primary = isObject(given.primary) ? given.primary : undefined;
  const primaryLabel = primary && linkLabel(primary);
  const primaryHref = primary && linkHref(primary.href);
  return [
    ...(links.length > 0 ? [h('ul', { className: ['navbar-links'] }, links)] : []),
    ...(primaryLabel && primaryHref ? [h('a', { className: ['navbar-primary'], id: 'topbar-cta-button', href: primaryHref }, primaryLabel)] : []),
  ];
}

/** The footer: `footer.links` columns and `footer.socials`, then the site's name and docsite's own links. */
export function footer(config: DocsConfig): ElementContent[] {
  const given = isObject(config.footer) ? config.footer : {};
  const columns = (Array.isArray(given.links) ? given.links : []).flatMap((column: unknown) => {
    if (!isObject(column)) return [];
    const items = (Array.isArray(column.items) ? column.items : []).flatMap((item: unknown) => {
      const href = isObject(item) ? linkHref(item.href) : undefined;
      return isObject(item) && typeof item.label === 'string' && href ? [h('li', [h('a', { href }, item.label)])] : [];
    });
    if (items.length === 0) return [];
    return [
      h('div', { className: ['footer-links-column'] }, [
        ...(typeof column.header === 'string' ? [h('p', { className: ['footer-links-header'] }, column.header)] : []),
        h('ul', items),
      ]),
    ];
  });
  const socials = Object.entries(isObject(given.socials) ? given.socials : {}).flatMap(([platform, url]) => {
    const href = linkHref(url);
    const label = SOCIAL_LABELS[platform] ?? platform;
    return href ? [h('li', [h('a', { href, ariaLabel: label }, label)])] : [];
  });
  return [
    ...(columns.length > 0 ? [h('nav', { className: ['footer-links'], ariaLabel: 'Footer' }, columns)] : []),
    ...(socials.length > 0 ? [h('ul', { className: ['footer-socials'] }, socials)] : []),
    h('p', [config.name, ' · ', h('a', { href: '/llms.txt' }, 'llms.txt'), ' · ', h('a', { href: '/.well-known/mcp' }, 'MCP server'), ' · built with docsite']),
  ];
}

/**
 * `banner.content` as inline Markdown (links, bold, italic, code), sanitized like a page body: raw
 * HTML is dropped, and so are URLs that run script. A dismissible banner carries a hash of its
 * content, so the runtime script shows a changed banner again to readers who closed the old one.
 */
export function banner(config: DocsConfig): ElementContent[] {
  const given = isObject(config.banner) ? config.banner : {};
  if (typeof given.content !== 'string' || given.content.trim() === '') return [];
  const processor = unified().use(remarkParse).use(remarkRehype);
  const tree = sanitizeBody(processor.runSync(processor.parse(given.content)) as HastRoot);
  // Inline content: the children of the paragraphs Markdown makes, one after another.
  const content = tree.children.flatMap((node): ElementContent[] => (node.type === 'element' && node.tagName === 'p' ? node.children : []));
  if (content.length === 0) return [];
  const type = ['info', 'warning', 'critical'].includes(given.type as string) ? (given.type as string) : 'info';
  const id = createHash('sha256').update(given.content).digest('hex').slice(0, 16);
  return [
    h('div', { className: ['banner'], id: 'banner', dataBanner: id, dataType: type }, [
      h('p', { className: ['banner-content'] }, content),
      ...(given.dismissible === true ? [h('button', { type: 'button', className: ['banner-dismiss', 'js-only'], ariaLabel: 'Dismiss' }, '×')] : []),
    ]),
  ];
}
