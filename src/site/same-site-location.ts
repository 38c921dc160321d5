// Location headers that stay on the site: a path, read as a browser reads a Location, made into a path of this origin.

/** A base no request has: a Location is read against it as a browser reads it against the page's URL. */
const BASE = new URL('http://docsite.invalid/');

/** Tab and newline: the URL parser drops them wherever they are, so `/\t/host` is `//host` to a browser. */
const DROPPED = /[\t\n\r]/g;
/** Leading C0 controls and spaces, which the URL parser trims. */
const TRIMMED = /^[\u0000-\u0020]+/;
/**
 * What starts another host when it leads a path: slashes and backslashes (a browser reads `\` as
 * `/` in http URLs), also percent-encoded, and encoded tabs and newlines that a later decoding
 * would turn into characters the parser drops.
 */
const LEADING_SEPARATORS = /^(?:[/\\]|%2f|%5c|%09|%0a|%0d)+/i;

/**
 * A Location value that leads to this site whatever `target` holds: a path (with query and
 * fragment) as a browser would resolve it, with dot segments resolved, backslashes read as
 * slashes and every leading run of slashes collapsed to one, so that no `//host`, `/\host`,
 * `/%2F%2Fhost`, `/./%2F/host` or `/x/..//host` can name another host. Something that is not a
 * path (`https://host`, `javascript:`) becomes a path of this site. Non-ASCII is percent-encoded.
 */
export function sameSiteLocation(target: string): string {
  let location = target.replace(DROPPED, '').replace(TRIMMED, '');
  // Each round may uncover more: resolving `/x/..//host` leaves `//host`, stripping `/%2F..` leaves `/..`.
  // Once parsed, a path only shrinks, so a few rounds reach one that a browser reads as it is.
  for (let round = 0; round < 8; round++) {
    const url = new URL(`/${location.replace(LEADING_SEPARATORS, '')}`, BASE);
    const next = `/${url.pathname.replace(LEADING_SEPARATORS, '')}${url.search}${url.hash}`;
    if (next === location) return location;
    location = next;
  }
  return '/';
}
