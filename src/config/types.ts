// The shapes of docs.json and page frontmatter, as schemas/*.schema.json define them.

export type HttpAuthMethod = 'bearer' | 'basic' | 'key';
export type AuthMethod = HttpAuthMethod | 'none';
/** `auth`: the interactive playground, for signed-in readers only. */
export type PlaygroundMode = 'interactive' | 'simple' | 'none' | 'auth';

/** docs.json: the site configuration. Keys not listed here are kept but ignored. */
export interface DocsConfig {
  name: string;
  description?: string;
  theme?: string;
  colors?: { primary?: string; light?: string; dark?: string };
  logo?: string | { light?: string; dark?: string; href?: string };
  favicon?: string | { light?: string; dark?: string };
  navigation: NavigationConfig;
  api?: ApiConfig;
  seo?: { indexing?: 'navigable' | 'all'; metatags?: Record<string, string> };
  redirects?: Redirect[];
  contextual?: { options: (string | Record<string, unknown>)[] };
  fonts?: FontConfig & { heading?: FontConfig; body?: FontConfig };
  appearance?: { default?: 'system' | 'light' | 'dark'; strict?: boolean };
  background?: { color?: { light?: string; dark?: string }; decoration?: 'gradient' | 'grid' | 'windows'; image?: string | { light?: string; dark?: string } };
  navbar?: { links?: NavbarLink[]; primary?: NavbarLink };
  footer?: { socials?: Record<string, string>; links?: { header?: string; items?: { label?: string; href?: string }[] }[] };
  banner?: { content?: string; dismissible?: boolean; type?: 'info' | 'warning' | 'critical'; color?: string | { light?: string; dark?: string } };
  thumbnails?: { background?: string; appearance?: 'light' | 'dark' };
  icons?: { library?: 'fontawesome' | 'lucide' | 'tabler' };
  variables?: Record<string, string>;
  [key: string]: unknown;
}

/** A font of docs.json's `fonts`: a Google Fonts family by name, or a file at `source`. */
export interface FontConfig {
  family?: string;
  weight?: number;
  source?: string;
  format?: 'woff' | 'woff2';
}

/** A link of the navbar (`navbar.links`) or its call-to-action button (`navbar.primary`). */
export interface NavbarLink {
  type?: string;
  label?: string;
  href?: string;
  [key: string]: unknown;
}

export interface ApiConfig {
  openapi?: string | string[] | { source: string; directory?: string };
  playground?: { display?: PlaygroundMode; proxy?: boolean; credentials?: boolean };
  examples?: { languages?: string[]; defaults?: 'required' | 'all'; prefill?: boolean; autogenerate?: boolean };
  mdx?: {
    /** Base URL(s) for relative `api` paths; the first is the default. */
    server?: string | string[];
    auth?: { method?: HttpAuthMethod; name?: string };
  };
  [key: string]: unknown;
}

export interface Redirect {
  source: string;
  destination: string;
  permanent?: boolean;
}

/** Keys that hold child navigation items, in the order docsite reads them. */
export const NAV_CHILD_KEYS = ['versions', 'languages', 'products', 'dropdowns', 'tabs', 'anchors', 'menu', 'groups', 'pages'] as const;
export type NavChildKey = (typeof NAV_CHILD_KEYS)[number];

/** The label key of each kind of navigation division (`{"tab": "Guides", ...}`). */
export const DIVISION_LABEL_KEY = {
  versions: 'version',
  languages: 'language',
  products: 'product',
  dropdowns: 'dropdown',
  tabs: 'tab',
  anchors: 'anchor',
  menu: 'item',
  groups: 'group',
} as const satisfies Record<Exclude<NavChildKey, 'pages'>, string>;

export type DivisionKind = keyof typeof DIVISION_LABEL_KEY;

/** Any navigation object: the root, a version, a language, a tab, a group... */
export interface NavigationConfig extends Partial<Record<NavChildKey, NavDivisionConfig[] | PageEntryConfig[]>> {
  global?: Partial<Record<'tabs' | 'anchors' | 'dropdowns', NavDivisionConfig[]>>;
}

/** An icon: a name (Font Awesome, Lucide or Tabler), a URL or path, or the name with its style and library. */
export type IconConfig = string | { name: string; style?: string; library?: 'fontawesome' | 'lucide' | 'tabler' };

/** An icon however docs.json writes it, as an object naming it with its style and library (absent: the site's). */
export function iconOfConfig(icon: IconConfig | undefined): Exclude<IconConfig, string> | undefined {
  return typeof icon === 'string' ? { name: icon } : icon;
}

/** The library the site's icon names come from: docs.json `icons.library`, Font Awesome by default (as Mintlify's). */
export function siteIconLibrary(config: DocsConfig): 'fontawesome' | 'lucide' | 'tabler' {
  return config.icons?.library ?? 'fontawesome';
}

export interface NavDivisionConfig extends NavigationConfig {
  version?: string;
  language?: string;
  product?: string;
  dropdown?: string;
  tab?: string;
  anchor?: string;
  item?: string;
  group?: string;
  icon?: IconConfig;
  href?: string;
  default?: boolean;
  hidden?: boolean;
  public?: boolean;
  expanded?: boolean;
  root?: string;
  tag?: string;
  /** Multiplies the search ranking of the pages below (a page's own `boost` wins). */
  boost?: number;
  /** `true` on a hidden division: its pages stay in search, the sitemap and llms.txt. */
  searchable?: boolean;
  openapi?: string | string[] | { source: string; directory?: string };
  [key: string]: unknown;
}

/** A page entry: a page path, an endpoint (`GET /users`), or a nested group. */
export type PageEntryConfig = string | NavDivisionConfig;

/** Page frontmatter. */
export interface Frontmatter {
  title?: string;
  description?: string;
  sidebarTitle?: string;
  icon?: string;
  api?: string;
  openapi?: string;
  playground?: PlaygroundMode;
  authMethod?: AuthMethod;
  noindex?: boolean;
  hidden?: boolean;
  public?: boolean;
  groups?: string[];
  tag?: string;
  deprecated?: boolean;
  mode?: 'default' | 'wide' | 'custom' | 'frame' | 'center' | 'assistant';
  iconType?: string;
  url?: string;
  /** Found by site search without appearing in the page; a string is comma-separated. */
  keywords?: string[] | string;
  /** `false`: not in site search (still in the sidebar, sitemap and llms.txt). */
  searchable?: boolean;
  /** Multiplies the page's search ranking. */
  boost?: number;
  /** Shows a button to the page's RSS feed (a page with `<Update>` components has one at `<url>/rss.xml`). */
  rss?: boolean;
  [key: string]: unknown;
}
