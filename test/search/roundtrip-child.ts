// Run by serialize.test.ts in a fresh Node process: loads an exported index file and answers queries.
import { readFileSync } from 'node:fs';
import { SearchIndex, type SearchOptions } from '../../src/search/index.js';

const [indexFile, queriesFile] = process.argv.slice(2);
const index = await SearchIndex.load(JSON.parse(readFileSync(indexFile!, 'utf8')));
const queries = JSON.parse(readFileSync(queriesFile!, 'utf8')) as { query: string; options: SearchOptions }[];
process.stdout.write(JSON.stringify(queries.map(({ query, options }) => index.search(query, options))));
