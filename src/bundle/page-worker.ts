// Worker thread that builds batches of pages for `build`.
import { serveBatches } from '../content/index.js';
import { buildPage } from './page-job.js';

serveBatches(buildPage);
