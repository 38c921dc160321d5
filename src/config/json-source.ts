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
