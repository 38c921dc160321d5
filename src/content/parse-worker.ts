// Worker thread that parses batches of page files for `parsePages`.
import { PARSE_JOB } from './parse-pool.js';
import { serveBatches } from './serve-batches.js';

serveBatches(PARSE_JOB);
