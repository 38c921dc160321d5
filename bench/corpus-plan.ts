// Plans a corpus before writing it: page paths, titles, headings (with anchors) and navigation.
// Pages link to each other's headings, so every anchor must be known before any page is written.
import GithubSlugger from 'github-slugger';
import type { Random } from './random.js';
import { ADJECTIVES, FIELD_NAMES, ICONS, NOUNS, RESOURCES, TAB_NAMES, VERBS } from './corpus-words.js';

export interface PlannedHeading {
  depth: 2 | 3;
  /** The heading as written, without the `{#id}` suffix. */
  markdown: string;
  /** The anchor validate will compute (slug, or the custom id). */
  id: string;
  /** Written as `## Title {#id}`. */
  customId: boolean;
}

export interface ApiOperation {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** e.g. `/v1/invoices/{id}/cancel`. */
  path: string;
  resource: string;
  /** list, create, retrieve, update, delete, or an action name. */
  action: string;
}

export interface PlannedPage {
  /** Page path without extension, e.g. `guides/webhooks/retry-failed-events`. */
  path: string;
  title: string;
  icon?: string;
  sidebarTitle?: string;
  api?: ApiOperation;
  headings: PlannedHeading[];
}

export type NavEntry = string | NavGroup;
export interface NavGroup {
  group: string;
  icon?: string;
  pages: NavEntry[];
}
export interface NavTab {
  tab: string;
  icon: string;
  groups: NavGroup[];
}

export interface SitePlan {
  pages: PlannedPage[];
  tabs: NavTab[];
}

const ACTIONS = ['cancel', 'archive', 'restore', 'verify', 'retry'] as const;

/** Plans a site of exactly `pageCount` pages: about one in ten is an API reference page. */
export function planSite(pageCount: number, rng: Random): SitePlan {
  const apiCount = pageCount >= 10 ? Math.round(pageCount / 10) : 0;
  const guideCount = pageCount - apiCount;
  const tabCount = Math.min(TAB_NAMES.length, Math.max(1, Math.ceil(guideCount / 300)));
  const planner = new Planner(rng);
  const tabs: NavTab[] = [];
  for (let t = 0; t < tabCount; t++) {
    const share = Math.floor(guideCount / tabCount) + (t < guideCount % tabCount ? 1 : 0);
    tabs.push(planner.guideTab(TAB_NAMES[t]!, share, t === 0));
  }
  if (apiCount > 0) tabs.push(planner.apiTab(apiCount));
  return { pages: planner.pages, tabs };
}

class Planner {
  readonly pages: PlannedPage[] = [];
  private readonly usedPaths = new Set<string>();

  constructor(private readonly rng: Random) {}

  guideTab(name: string, count: number, withIndex: boolean): NavTab {
    const folder = slug(name);
    const groups: NavGroup[] = [];
    const groupNames = new Set<string>();
    let remaining = count;
    if (withIndex && remaining > 0) {
      this.guidePage('', 'Introduction', 'index');
      groups.push({ group: 'Get started', pages: ['index'] });
      remaining--;
    }
    while (remaining > 0) {
      const size = Math.min(remaining, this.rng.int(6, 18));
      const groupName = unique(`${capital(this.rng.pick(ADJECTIVES))} ${plural(this.rng.pick(NOUNS))}`, groupNames);
      groups.push(this.guideGroup(`${folder}/${slug(groupName)}`, groupName, size, 0));
      remaining -= size;
    }
    // The index page sits in the first group of the first tab; never leave a group empty.
    return { tab: name, icon: this.rng.pick(ICONS), groups: groups.filter((g) => g.pages.length > 0) };
  }

  /** A group of `size` pages; larger ones nest a subgroup (in a subfolder), sometimes two levels deep. */
  private guideGroup(folder: string, name: string, size: number, depth: number): NavGroup {
    const canNest = depth < 2 && size >= (depth === 0 ? 8 : 5);
    const nested = canNest && this.rng.chance(depth === 0 ? 0.35 : 0.4) ? this.rng.int(2, Math.min(7, size - 3)) : 0;
    const group: NavGroup = { group: name, pages: [] };
    if (this.rng.chance(0.3)) group.icon = this.rng.pick(ICONS);
    for (let i = 0; i < size - nested; i++) group.pages.push(this.guidePage(folder).path);
    if (nested > 0) {
      const subName = `${capital(this.rng.pick(VERBS))} ${plural(this.rng.pick(NOUNS))}`;
      group.pages.push(this.guideGroup(`${folder}/${slug(subName)}`, subName, nested, depth + 1));
    }
    return group;
  }

  private guidePage(folder: string, fixedTitle?: string, fixedName?: string): PlannedPage {
    const rng = this.rng;
    const title = fixedTitle ?? this.guideTitle();
    const page: PlannedPage = { path: this.uniquePath(folder, fixedName ?? slug(title)), title, headings: guideHeadings(rng) };
    if (rng.chance(0.3)) page.icon = rng.pick(ICONS);
    if (rng.chance(0.15)) page.sidebarTitle = title.split(' ').slice(0, 2).join(' ');
    this.pages.push(page);
    return page;
  }

  private guideTitle(): string {
    const rng = this.rng;
    const noun = rng.pick(NOUNS);
    switch (rng.int(0, 6)) {
      case 0:
        return `${capital(rng.pick(VERBS))} ${rng.pick(ADJECTIVES)} ${plural(noun)}`;
      case 1:
        return `Understanding ${plural(noun)}`;
      case 2:
        return `${capital(noun)} lifecycle`;
      case 3:
        return `Working with ${rng.pick(ADJECTIVES)} ${plural(noun)}`;
      case 4:
        return `Troubleshooting ${plural(noun)}`;
      case 5:
        return `${capital(noun)} limits and quotas`;
      default:
        return `How to ${rng.pick(VERBS)} ${withArticle(noun)}`;
    }
  }

  apiTab(count: number): NavTab {
    const groups: NavGroup[] = [];
    let remaining = count;
    for (let r = 0; remaining > 0; r++) {
      const resource = RESOURCES[r % RESOURCES.length]!;
      const version = `v${1 + Math.floor(r / RESOURCES.length)}`;
      const operations = apiOperations(resource, version).slice(0, Math.min(remaining, this.rng.int(4, 9)));
      const group: NavGroup = { group: `${capital(resource)}${version === 'v1' ? '' : ` (${version})`}`, pages: [] };
      for (const op of operations) {
        const title = `${capital(op.action)} ${op.action === 'list' ? resource : withArticle(singular(resource))}${version === 'v1' ? '' : ` (${version})`}`;
        const page: PlannedPage = {
          path: this.uniquePath(`api-reference/${version}/${resource}`, op.action),
          title,
          api: op,
          headings: apiHeadings(op, this.rng),
        };
        if (this.rng.chance(0.5)) page.sidebarTitle = capital(op.action);
        this.pages.push(page);
        group.pages.push(page.path);
      }
      remaining -= operations.length;
      groups.push(group);
    }
    return { tab: 'API reference', icon: 'code', groups };
  }

  private uniquePath(folder: string, name: string): string {
    const base = folder ? `${folder}/${name}` : name;
    let path = base;
    for (let n = 2; this.usedPaths.has(path); n++) path = `${base}-${n}`;
    this.usedPaths.add(path);
    return path;
  }
}

function apiOperations(resource: string, version: string): ApiOperation[] {
  const base = `/${version}/${resource}`;
  const ops: ApiOperation[] = [
    { method: 'GET', path: base, resource, action: 'list' },
    { method: 'POST', path: base, resource, action: 'create' },
    { method: 'GET', path: `${base}/{id}`, resource, action: 'retrieve' },
    { method: 'PATCH', path: `${base}/{id}`, resource, action: 'update' },
    { method: 'DELETE', path: `${base}/{id}`, resource, action: 'delete' },
  ];
  for (const action of ACTIONS) ops.push({ method: 'POST', path: `${base}/{id}/${action}`, resource, action });
  return ops;
}

function guideHeadings(rng: Random): PlannedHeading[] {
  const noun = rng.pick(NOUNS);
  const candidates = rng.sample(
    [
      'Before you begin',
      `How ${plural(noun)} work`,
      `${capital(rng.pick(VERBS))} ${withArticle(noun)}`,
      'Limits',
      'Troubleshooting',
      `Example: ${rng.pick(ADJECTIVES)} ${plural(noun)}`,
      `Using \`${rng.pick(FIELD_NAMES)}\``,
      'Best practices',
      'Configuration',
      `${capital(rng.pick(ADJECTIVES))} ${plural(rng.pick(NOUNS))}`,
      'Error handling',
      'Security considerations',
    ],
    rng.int(2, 5),
  );
  if (rng.chance(0.6)) candidates.push('Next steps');
  return withAnchors(
    candidates.map((markdown, i) => ({ markdown, depth: i > 0 && markdown !== 'Next steps' && rng.chance(0.25) ? 3 : 2, custom: rng.chance(0.25) })),
  );
}

function apiHeadings(op: ApiOperation, rng: Random): PlannedHeading[] {
  const names: string[] = [];
  if (op.path.includes('{id}')) names.push('Path parameters');
  if (op.action === 'list') names.push('Query parameters');
  if (op.method === 'POST' || op.method === 'PATCH') names.push('Body');
  names.push('Response', 'Errors');
  return withAnchors(names.map((markdown) => ({ markdown, depth: 2, custom: rng.chance(0.15) })));
}

/** Computes each heading's anchor the way validate does: github-slugger on the text, or the custom id. */
function withAnchors(headings: { markdown: string; depth: 2 | 3; custom: boolean }[]): PlannedHeading[] {
  const slugger = new GithubSlugger();
  const taken = new Set<string>();
  return headings.map(({ markdown, depth, custom }) => {
    const id = custom ? uniqueId(`${slug(markdown.replace(/`/g, ''))}-ref`, taken) : slugger.slug(markdown.replace(/`/g, ''));
    taken.add(id);
    return { depth, markdown, id, customId: custom };
  });
}

function unique(name: string, used: Set<string>): string {
  let candidate = name;
  for (let n = 2; used.has(candidate); n++) candidate = `${name} ${n}`;
  used.add(candidate);
  return candidate;
}

function uniqueId(id: string, used: ReadonlySet<string>): string {
  let candidate = id;
  for (let n = 2; used.has(candidate); n++) candidate = `${id}-${n}`;
  return candidate;
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function plural(noun: string): string {
  return /(s|x|ch)$/.test(noun) ? `${noun}es` : /[^aeiou]y$/.test(noun) ? `${noun.slice(0, -1)}ies` : `${noun}s`;
}

function withArticle(noun: string): string {
  return `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
}

function singular(resource: string): string {
  return resource.replace(/s$/, '');
}
