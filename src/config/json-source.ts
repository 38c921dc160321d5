// Parses strict JSON while keeping positions, so diagnostics can point into docs.json.
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { LineIndex, type Position } from '../diagnostics/index.js';
import type { SourceLocator } from './schema-diagnostics.js';

export interface JsonSyntaxError {
  at: Position;
  message: string;
}

/** A parsed JSON text: its value, syntax errors, and a locator for JSON paths. */
export interface JsonSource extends SourceLocator {
  value: unknown;
  errors: JsonSyntaxError[];
  /** Where arrays and objects first nest deeper than MAX_JSON_DEPTH; the text is then not parsed. */
  tooDeep?: Position;
}

/**
 * How deep arrays and objects may nest. Parsing, schema validation and every later walk recurse
 * per level, so a few thousand levels overflow the stack; a real docs.json (versions, languages,
 * tabs, groups within groups) stays far below a hundred.
 */
export const MAX_JSON_DEPTH = 100;

/** The offset of the first `[` or `{` that opens level `limit + 1`, outside strings; undefined when none does. */
function tooDeepAt(text: string, limit: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character: an escaped quote does not end the string.
      if (char === 0x5c) i++;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      if (++depth > limit) return i;
    } else if (char === 0x5d || char === 0x7d) depth--;
  }
  return undefined;
}

const ERROR_TEXT: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a double-quoted property name',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected ":"',
  CommaExpected: 'expected ","',
  CloseBraceExpected: 'expected "}"',
  CloseBracketExpected: 'expected "]"',
  EndOfFileExpected: 'unexpected content after the end of the document',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character in string',
};

/** Parses `text` as strict JSON (no comments, no trailing commas). */
export function parseJsonSource(text: string): JsonSource {
  const lines = new LineIndex(text);
  const deep = tooDeepAt(text, MAX_JSON_DEPTH);
  if (deep !== undefined) return { value: undefined, errors: [], tooDeep: lines.position(deep), locate: () => lines.position(deep) };
  const parseErrors: ParseError[] = [];
  const root = parseTree(text, parseErrors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const errors = parseErrors.map((error) => {
    const name = printParseErrorCode(error.error);
    return { at: lines.position(error.offset), message: ERROR_TEXT[name] ?? name };
  });
  return {
    value: errors.length === 0 && root ? JSON.parse(text) : undefined,
    errors,
    locate(path, part) {
      if (!root) return { line: 1, column: 1 };
      // Walk up to the nearest existing node, so a missing key points at its parent object.
      for (let depth = path.length; depth >= 0; depth--) {
        const node = findNodeAtLocation(root, path.slice(0, depth) as (string | number)[]);
        if (!node) continue;
        const target = part === 'key' && depth === path.length ? keyNode(node) : node;
        return lines.position(target.offset);
      }
      return lines.position(root.offset);
    },
  };
}

function keyNode(valueNode: Node): Node {
  const property = valueNode.parent;
  return property?.type === 'property' && property.children?.[0] ? property.children[0] : valueNode;
}
