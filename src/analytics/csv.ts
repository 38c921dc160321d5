// CSV rows (RFC 4180): fields quoted when they need it, quotes doubled, CRLF line ends.

/** Characters that make a spreadsheet read a cell as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One field: null is empty; a text that could start a formula gets a leading `'` so a
 * spreadsheet shows it as text instead of running it (the export holds visitors' queries).
 */
export function csvField(value: string | null): string {
  if (value === null) return '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One row, ending with CRLF. */
export function csvRow(values: readonly (string | null)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
