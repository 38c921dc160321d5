// Which IP addresses the playground proxy may connect to: the public internet only.
import { BlockList, isIPv4 } from 'node:net';

/** Decides whether the proxy may connect to an address (the strict default is `isPublicAddress`). */
export type AddressCheck = (address: string) => boolean;

/**
 * Addresses that are not the public internet (IANA special-purpose registries): this host, the
 * private networks, link-local (the cloud metadata services at 169.254.169.254 and fd00:ec2::254
 * are in these), shared, benchmarking, documentation, multicast and reserved ranges.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/**
 * The IPv4 address an IPv6 one carries, for the forms that reach it: IPv4-mapped
 * (`::ffff:127.0.0.1`), IPv4-compatible (`::127.0.0.1`), NAT64 (`64:ff9b::/96`) and 6to4 (`2002::/16`).
 */
function embeddedIPv4(address: string): string | undefined {
  const words = expandedIPv6(address);
  if (!words) return undefined;
  const [a, b, c, d, e, f, g, h] = words as [number, number, number, number, number, number, number, number];
  const v4 = (high: number, low: number): string => [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && (f === 0xffff || f === 0)) return v4(g, h);
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return v4(g, h);
  if (a === 0x2002) return v4(b, c);
  return undefined;
}

/** The eight 16-bit words of an IPv6 address (a dotted IPv4 tail included); undefined when it is not one. */
function expandedIPv6(address: string): number[] | undefined {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (tail) {
    if (!isIPv4(tail)) return undefined;
    const [p, q, r, s] = tail.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -tail.length)}${((p << 8) | q).toString(16)}:${((r << 8) | s).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string): number[] => (part === '' ? [] : part.split(':').map((word) => Number.parseInt(word, 16)));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const words = halves.length === 2 ? [...head, ...new Array<number>(8 - head.length - rest.length).fill(0), ...rest] : head;
  return words.length === 8 && words.every((word) => Number.isInteger(word) && word >= 0 && word <= 0xffff) ? words : undefined;
}

/** Whether `address` (an IP address, as DNS or a URL gave it) is on the public internet. */
export const isPublicAddress: AddressCheck = (address) => {
  if (isIPv4(address)) return !NOT_PUBLIC.check(address, 'ipv4');
  if (!expandedIPv6(address)) return false;
  const v4 = embeddedIPv4(address);
  if (v4 !== undefined) return !NOT_PUBLIC.check(v4, 'ipv4');
  return !NOT_PUBLIC.check(address.replace(/%.*$/, ''), 'ipv6');
};
