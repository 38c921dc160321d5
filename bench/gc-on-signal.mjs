// Preloaded (node --expose-gc --import) into the `docsite serve` process of the serving benchmarks: on
// SIGUSR2 runs a full GC and prints the memory it then holds as one JSON line on stderr, so the
// benchmark reads a settled RSS instead of wherever V8's collection cycle happens to be.
process.on('SIGUSR2', () => {
  globalThis.gc();
  const { rss, heapUsed } = process.memoryUsage();
  process.stderr.write(`${JSON.stringify({ soakMemory: { rssMb: rss / 2 ** 20, heapUsedMb: heapUsed / 2 ** 20 } })}\n`);
});
