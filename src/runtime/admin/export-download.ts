// Exports of the dashboard's views as downloads: CSV or JSON Lines, written page by page as the
// store reads them (with backpressure), the same data as the CLI's and the analytics API's exports.
import type { Request, Response } from 'express';
import type { ExportFormat } from '../../analytics/index.js';

const FORMATS: Record<ExportFormat, { label: string; type: string }> = {
  csv: { label: 'CSV', type: 'text/csv' },
  jsonl: { label: 'JSON Lines', type: 'application/jsonl' },
};

/** The format a request asks for (`?format=csv|jsonl`); undefined for anything else. */
export function exportFormatOf(req: Request): ExportFormat | undefined {
  return req.query.format === 'csv' || req.query.format === 'jsonl' ? req.query.format : undefined;
}

/** Links to `path` as each format, with `query` (the view's filters) kept. */
export function exportLinks(path: string, query: Record<string, string>): string {
  return (Object.keys(FORMATS) as ExportFormat[])
    .map((format) => `<a href="${path}?${new URLSearchParams({ ...query, format })}" download>${FORMATS[format].label}</a>`)
    .join(' · ');
}

/** Answers with the download `filename` (its extension the format's), whose rows `write` gets from `run`. */
export async function sendExport(
  res: Response,
  format: ExportFormat,
  filename: string,
  run: (write: (chunk: string) => Promise<void>) => Promise<unknown>,
): Promise<void> {
  res.status(200).type(FORMATS[format].type).attachment(`${filename}.${format}`);
  await run((chunk) => new Promise<void>((resolve) => (res.write(chunk) ? resolve() : res.once('drain', resolve))));
  res.end();
}
