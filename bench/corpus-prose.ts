// Prose for corpus pages: sentences with inline code, bold and links to real pages and headings.
import type { Random } from './random.js';
import type { PlannedPage } from './corpus-plan.js';
import { capital, plural } from './corpus-plan.js';
import { ADJECTIVES, EXTERNAL_SITES, FIELD_NAMES, FILLERS, NOUNS, VERBS } from './corpus-words.js';

/** Writes prose for one page; links point at other planned pages and their real anchors. */
export class Prose {
  constructor(
    readonly rng: Random,
    private readonly pages: readonly PlannedPage[],
    private readonly self: PlannedPage,
  ) {}

  /** A URL of a random page, sometimes with the anchor of one of its headings. */
  pageUrl(): string {
    const target = this.rng.pick(this.pages);
    const url = target.path === 'index' ? '/' : `/${target.path}`;
    if (target.headings.length === 0 || !this.rng.chance(0.3)) return url;
    return `${url}#${this.rng.pick(target.headings).id}`;
  }

  link(): string {
    const rng = this.rng;
    if (rng.chance(0.08)) return `[${rng.pick(NOUNS)} reference](${rng.pick(EXTERNAL_SITES)})`;
    if (rng.chance(0.08) && this.self.headings.length > 0) return `[see below](#${rng.pick(this.self.headings).id})`;
    return `[${rng.pick(ADJECTIVES)} ${plural(rng.pick(NOUNS))}](${this.pageUrl()})`;
  }

  /** One sentence of 8-20 words; some carry inline code, bold or a link. */
  sentence(): string {
    const rng = this.rng;
    const words: string[] = [];
    const length = rng.int(8, 20);
    for (let i = 0; i < length; i++) {
      const roll = rng.next();
      words.push(roll < 0.5 ? rng.pick(FILLERS) : roll < 0.75 ? rng.pick(NOUNS) : roll < 0.88 ? rng.pick(VERBS) : rng.pick(ADJECTIVES));
    }
    const at = (): number => rng.int(1, words.length - 1);
    if (rng.chance(0.35)) words.splice(at(), 0, `\`${rng.pick(FIELD_NAMES)}\``);
    if (rng.chance(0.2)) words.splice(at(), 0, `**${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}**`);
    if (rng.chance(0.25)) words.splice(at(), 0, this.link());
    const text = words.join(' ');
    return `${capital(text)}${rng.chance(0.1) ? ', as shown in the example' : ''}.`;
  }

  /** A plain sentence without markup, for frontmatter descriptions. */
  summary(): string {
    const rng = this.rng;
    return `${capital(rng.pick(VERBS))} ${rng.pick(ADJECTIVES)} ${plural(rng.pick(NOUNS))} ${rng.pick(FILLERS)} ${rng.pick(FILLERS)} ${rng.pick(NOUNS)} and ${rng.pick(VERBS)} the ${rng.pick(NOUNS)}.`;
  }

  paragraph(min = 1, max = 4): string {
    return Array.from({ length: this.rng.int(min, max) }, () => this.sentence()).join(' ');
  }

  /** A bullet or numbered list of short items. */
  list(): string {
    const numbered = this.rng.chance(0.3);
    return Array.from({ length: this.rng.int(3, 6) }, (_, i) => `${numbered ? `${i + 1}.` : '-'} ${this.sentence()}`).join('\n');
  }

  /** A GFM table of fields. */
  table(): string {
    const rng = this.rng;
    const rows = rng
      .sample(FIELD_NAMES, rng.int(3, 6))
      .map(
        (field) =>
          `| \`${field}\` | ${rng.pick(['string', 'integer', 'boolean', 'timestamp'])} | ${capital(rng.pick(ADJECTIVES))} ${rng.pick(NOUNS)} ${rng.pick(FILLERS)} ${rng.pick(VERBS)}s the ${rng.pick(NOUNS)}. |`,
      );
    return ['| Field | Type | Description |', '| --- | --- | --- |', ...rows].join('\n');
  }

  /** A short phrase for titles of cards, steps and accordions. */
  phrase(): string {
    return `${capital(this.rng.pick(VERBS))} the ${this.rng.pick(ADJECTIVES)} ${this.rng.pick(NOUNS)}`;
  }
}
