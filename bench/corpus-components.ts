// The MDX components corpus pages use, written the way authors indent them in real docs.
import { codeSample } from './corpus-code.js';
import { CODE_LANGUAGES, ICONS, type CodeLanguage } from './corpus-words.js';
import type { Prose } from './corpus-prose.js';

const CALLOUTS = ['Note', 'Tip', 'Warning', 'Info', 'Check'] as const;
const LANGUAGE_LABELS: Record<CodeLanguage, string> = { bash: 'cURL', ts: 'TypeScript', python: 'Python', json: 'JSON', yaml: 'YAML', go: 'Go' };

/** Indents every non-empty line by `spaces`. */
export function indent(text: string, spaces: number): string {
  const pad = ' '.repeat(spaces);
  return text
    .split('\n')
    .map((line) => (line ? pad + line : line))
    .join('\n');
}

export function fence(prose: Prose, language: CodeLanguage = prose.rng.pick(CODE_LANGUAGES), title?: string): string {
  return `\`\`\`${language}${title ? ` ${title}` : ''}\n${codeSample(prose.rng, language)}\n\`\`\``;
}

export function callout(prose: Prose): string {
  const name = prose.rng.pick(CALLOUTS);
  return `<${name}>\n  ${prose.paragraph(1, 2)}\n</${name}>`;
}

export function cardGroup(prose: Prose): string {
  const cards = Array.from(
    { length: prose.rng.int(2, 4) },
    () => `  <Card title="${prose.phrase()}" icon="${prose.rng.pick(ICONS)}" href="${prose.pageUrl()}">\n    ${prose.sentence()}\n  </Card>`,
  );
  return `<CardGroup cols={2}>\n${cards.join('\n')}\n</CardGroup>`;
}

export function steps(prose: Prose): string {
  const items = Array.from({ length: prose.rng.int(2, 4) }, () => {
    const body = [prose.paragraph(1, 3)];
    if (prose.rng.chance(0.5)) body.push(fence(prose));
    return `  <Step title="${prose.phrase()}">\n${indent(body.join('\n\n'), 4)}\n  </Step>`;
  });
  return `<Steps>\n${items.join('\n')}\n</Steps>`;
}

export function tabs(prose: Prose): string {
  const languages = prose.rng.sample(['bash', 'ts', 'python', 'go'] as const, prose.rng.int(2, 3));
  const items = languages.map((language) => `  <Tab title="${LANGUAGE_LABELS[language]}">\n\n${indent(fence(prose, language), 4)}\n\n  </Tab>`);
  return `<Tabs>\n${items.join('\n')}\n</Tabs>`;
}

export function codeGroup(prose: Prose): string {
  const languages = prose.rng.sample(['bash', 'ts', 'python', 'go'] as const, prose.rng.int(2, 3));
  return `<CodeGroup>\n\n${languages.map((language) => fence(prose, language, LANGUAGE_LABELS[language])).join('\n\n')}\n\n</CodeGroup>`;
}

export function accordions(prose: Prose): string {
  const items = Array.from({ length: prose.rng.int(2, 3) }, () => `  <Accordion title="${prose.phrase()}">\n    ${prose.paragraph(1, 3)}\n  </Accordion>`);
  return `<AccordionGroup>\n${items.join('\n')}\n</AccordionGroup>`;
}
