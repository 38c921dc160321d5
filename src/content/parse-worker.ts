// Worker thread that parses batches of page files for `parsePages`.
import { readPage } from './read-page.js';
import { serveBatches } from './serve-batches.js';

serveBatches(readPage);
