// String literals of the example languages: a URL, header or JSON body must reach the code as written, whatever it holds.

/** How a double-quoted literal of one language writes what it cannot hold as it is. */
interface QuotedStyle {
  /** A character that must be escaped besides `"` and `\` (`$` starts interpolation in Kotlin, Dart and PHP). */
  also?: string;
  /** A control character by its code. */
  control: (code: number) => string;
}

const SHORT_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function quoted(text: string, style: QuotedStyle): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '"' || char === '\\' || (style.also?.includes(char) ?? false)) out += `\\${char}`;
    else if (SHORT_ESCAPES[char]) out += SHORT_ESCAPES[char];
    else if (code < 0x20 || code === 0x7f) out += style.control(code);
    else out += char;
  }
  return `${out}"`;
}

const hex4 = (code: number): string => `\\u${code.toString(16).padStart(4, '0')}`;
const braced = (code: number): string => `\\u{${code.toString(16)}}`;
// Three octal digits: a following digit cannot extend it, as it would a `\x` escape.
const octal = (code: number): string => `\\${code.toString(8).padStart(3, '0')}`;

/** JavaScript, TypeScript, Python, Go, Java, C#: JSON's string syntax is theirs. */
export const jsonQuoted = (text: string): string => JSON.stringify(text);
export const kotlinQuoted = (text: string): string => quoted(text, { also: '$', control: hex4 });
export const dartQuoted = kotlinQuoted;
export const phpQuoted = (text: string): string => quoted(text, { also: '$', control: braced });
export const rubyQuoted = (text: string): string => quoted(text, { also: '#', control: braced });
export const swiftQuoted = (text: string): string => quoted(text, { control: braced });
export const rustQuoted = swiftQuoted;
export const cQuoted = (text: string): string => quoted(text, { also: '?', control: octal });

/** Single-quoted for the shell and PowerShell, where nothing inside is read. */
export const shellQuoted = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;
export const powershellQuoted = (text: string): string => `'${text.replace(/'/g, "''")}'`;
