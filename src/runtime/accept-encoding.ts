// Which content coding a reader takes, read from its Accept-Encoding header (RFC 9110, 12.5.3).

/**
 * The coding of `available` (the server's order of preference) that `header` gives the highest
 * weight, the earlier of equals: `br` for Chrome's `gzip, deflate, br, zstd`. `*` weighs the
 * codings the header does not name. Undefined when it takes none of them, or sends no header:
 * then the response goes as it is.
 */
export function preferredEncoding<T extends string>(header: string | undefined, available: readonly T[]): T | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (name === '') continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: T | undefined;
  let bestWeight = 0;
  for (const coding of available) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [coding, weight];
  }
  return best;
}
