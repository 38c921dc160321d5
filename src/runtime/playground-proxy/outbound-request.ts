// Sends one playground request to an API server: checked addresses only, no redirects followed, bounded in size and time.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { AddressCheck } from './public-address.js';

/** A request the proxy has checked against the page it was sent from. */
export interface OutboundRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
}

/** The API's answer as the playground shows it. */
export interface OutboundResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: string;
}

export interface OutboundLimits {
  /** Largest response body read, in bytes. */
  responseBytes: number;
  /** Time from the start of the request to the last byte of its response. */
  timeoutMs: number;
}

/** Why a request could not be answered: the proxy's JSON error says which. */
export class OutboundError extends Error {
  constructor(
    readonly reason: 'refused-address' | 'unreachable' | 'too-large' | 'timeout',
    message: string,
  ) {
    super(message);
  }
}

/** Response headers the reader's page never gets: cookies the API would set (on the proxy, not the API) and hop-by-hop ones. */
const DROPPED_RESPONSE_HEADERS = new Set([
  'set-cookie',
  'set-cookie2',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'proxy-authenticate',
  'trailer',
  'upgrade',
]);

/**
 * A DNS lookup that fails unless every address of the name passes `check`: the connection is made
 * to an address checked here, so a name cannot resolve to a public address for a check and to a
 * private one for the connection.
 */
function checkedLookup(check: AddressCheck): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((entry) => !check(entry.address));
      if (refused || addresses.length === 0)
        return callback(new OutboundError('refused-address', `${hostname} resolves to an address the playground may not reach.`), '', 0);
      if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function responseHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name, value]) => value !== undefined && !DROPPED_RESPONSE_HEADERS.has(name))
      .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
  );
}

/** Sends `request` and reads its response; redirects are answered as they are, never followed. */
export function sendOutbound(request: OutboundRequest, limits: OutboundLimits, check: AddressCheck): Promise<OutboundResponse> {
  const host = request.url.hostname.replace(/^\[|\]$/g, '');
  // An address in the URL is connected to without a lookup: it is checked here instead.
  if (isIP(host) && !check(host)) return Promise.reject(new OutboundError('refused-address', `${host} is an address the playground may not reach.`));
  const send = request.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(request.url, {
      method: request.method,
      // The API's raw bytes: a compressed body would reach the page undecoded.
      headers: { ...request.headers, 'accept-encoding': 'identity' },
      lookup: checkedLookup(check),
      // A connection of its own: none is kept open to reuse for another reader's request.
      agent: false,
    });
    /** Why the proxy cut the exchange short, whichever of the request or the response then reports an error. */
    let stopped: OutboundError | undefined;
    const stop = (reason: OutboundError): void => {
      stopped ??= reason;
      outgoing.destroy(reason);
    };
    const timer = setTimeout(() => stop(new OutboundError('timeout', `The API did not answer within ${limits.timeoutMs / 1000} s.`)), limits.timeoutMs);
    const fail = (error: Error): void => {
      clearTimeout(timer);
      reject(stopped ?? (error instanceof OutboundError ? error : new OutboundError('unreachable', 'The API could not be reached.')));
    };
    outgoing.on('error', fail);
    outgoing.on('response', (incoming) => {
      const chunks: Buffer[] = [];
      let size = 0;
      incoming.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= limits.responseBytes) return void chunks.push(chunk);
        stop(new OutboundError('too-large', `The API's response is larger than ${limits.responseBytes} bytes.`));
        // Settled now: the end of what was read must not resolve it.
        fail(stopped!);
      });
      incoming.on('error', fail);
      incoming.on('end', () => {
        if (stopped) return;
        clearTimeout(timer);
        resolve({
          status: incoming.statusCode ?? 502,
          statusText: incoming.statusMessage ?? '',
          headers: responseHeaders(incoming.headers),
          body: Buffer.concat(chunks).toString('utf8'),
        });
      });
    });
    outgoing.end(request.body);
  });
}
