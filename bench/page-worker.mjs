// Worker entry for `build` benchmarks run from TypeScript source: tsx does not hook worker threads, so register it here.
import { register } from 'tsx/esm/api';

register();
await import('../src/bundle/page-worker.ts');
