// The dashboard's stylesheet and script, uPlot (its chart library, from npm), and the redirect URI check the browser runs as you type.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Router } from 'express';
import { BLOCKED_REDIRECT_SCHEMES, parseRedirectEntry } from '../../config/index.js';
import { ADMIN_PATHS } from './admin-paths.js';
import { isLoopbackEntry, redirectUriProblem } from './redirect-uri-check.js';

const TEMPLATES = new URL('../../../templates/admin/', import.meta.url);

/**
 * The server's own redirect URI check as a browser module: the same functions, their text
 * written out, so what the browser says as you type is what the server decides on submit.
 */
function redirectCheckModule(): string {
  return [
    `const BLOCKED_REDIRECT_SCHEMES = new Set(${JSON.stringify([...BLOCKED_REDIRECT_SCHEMES])});`,
    `const parseRedirectEntry = ${parseRedirectEntry.toString()};`,
    `const isLoopbackEntry = ${isLoopbackEntry.toString()};`,
    `const problemWith = ${redirectUriProblem.toString()};`,
    'export const redirectUriProblem = (entry) => problemWith(entry, parseRedirectEntry);',
    '',
  ].join('\n');
}

/** Every asset: its content and type, read once. */
function assets(): Map<string, { type: string; content: string }> {
  const uplot = dirname(createRequire(import.meta.url).resolve('uplot/package.json'));
  return new Map([
    ['admin.css', { type: 'text/css', content: readFileSync(new URL('admin.css', TEMPLATES), 'utf8') }],
    ['admin.js', { type: 'text/javascript', content: readFileSync(new URL('admin.js', TEMPLATES), 'utf8') }],
    ['redirect-check.js', { type: 'text/javascript', content: redirectCheckModule() }],
    ['uplot.js', { type: 'text/javascript', content: readFileSync(join(uplot, 'dist/uPlot.esm.js'), 'utf8') }],
    ['uplot.css', { type: 'text/css', content: readFileSync(join(uplot, 'dist/uPlot.min.css'), 'utf8') }],
  ]);
}

/** Serves the assets under `ADMIN_PATHS.assets` (mounted behind the owner gate: nobody else sees them). */
export function adminAssets(): Router {
  const files = assets();
  const router = Router();
  router.get(`${ADMIN_PATHS.assets}/:name`, (req, res, next) => {
    const file = files.get(req.params.name);
    if (!file) return next();
    res.set('Cache-Control', 'private, max-age=300').type(file.type).send(file.content);
  });
  return router;
}
