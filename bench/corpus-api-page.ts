// The body of an API reference page: ParamField/ResponseField (nested through Expandable) and examples.
import type { ApiOperation, PlannedPage } from './corpus-plan.js';
import type { Prose } from './corpus-prose.js';
import { fence, indent } from './corpus-components.js';
import { headingLine } from './corpus-guide-page.js';
import { FIELD_NAMES, FIELD_TYPES } from './corpus-words.js';

export function apiBody(prose: Prose, page: PlannedPage): string {
  const op = page.api!;
  const blocks: string[] = [prose.paragraph(2, 3)];
  for (const heading of page.headings) {
    blocks.push(headingLine(heading));
    switch (heading.markdown) {
      case 'Path parameters':
        blocks.push(`<ParamField path="id" type="string" required>\n  ${prose.sentence()}\n</ParamField>`);
        break;
      case 'Query parameters':
        blocks.push(...['limit', 'starting_after', 'created_at'].map((name) => field(prose, 'ParamField', `query="${name}"`, false)));
        break;
      case 'Body':
        blocks.push(...fields(prose, 'ParamField', (name) => `body="${name}"`));
        break;
      case 'Response':
        blocks.push(...fields(prose, 'ResponseField', (name) => `name="${name}"`));
        break;
      default:
        blocks.push(prose.paragraph(1, 2), prose.table());
    }
  }
  blocks.push(`<RequestExample>\n\n${fence(prose, 'bash', 'cURL')}\n\n${fence(prose, 'ts', 'TypeScript')}\n\n</RequestExample>`);
  blocks.push(`<ResponseExample>\n\n${fence(prose, 'json', successStatus(op))}\n\n</ResponseExample>`);
  return blocks.join('\n\n');
}

/** 3-6 fields; one of them an object whose properties sit in an <Expandable>. */
function fields(prose: Prose, element: 'ParamField' | 'ResponseField', locate: (name: string) => string): string[] {
  const names = prose.rng.sample(FIELD_NAMES, prose.rng.int(3, 6));
  const nestedAt = prose.rng.int(0, names.length - 1);
  return names.map((name, i) => {
    if (i !== nestedAt) return field(prose, element, locate(name), prose.rng.chance(0.4));
    const children = prose.rng.sample(FIELD_NAMES, prose.rng.int(2, 4)).map((child) => field(prose, element, locate(child), prose.rng.chance(0.3)));
    return `<${element} ${locate(name)} type="object">\n  ${prose.sentence()}\n\n  <Expandable title="properties">\n${indent(children.join('\n'), 4)}\n  </Expandable>\n</${element}>`;
  });
}

function field(prose: Prose, element: 'ParamField' | 'ResponseField', location: string, required: boolean): string {
  const type = prose.rng.pick(FIELD_TYPES.filter((t) => t !== 'object'));
  const extra = prose.rng.chance(0.2) ? ` default="${prose.rng.int(1, 100)}"` : '';
  return `<${element} ${location} type="${type}"${required ? ' required' : ''}${extra}>\n  ${prose.sentence()}\n</${element}>`;
}

function successStatus(op: ApiOperation): string {
  return op.method === 'POST' && op.action === 'create' ? '201' : op.method === 'DELETE' ? '204' : '200';
}
