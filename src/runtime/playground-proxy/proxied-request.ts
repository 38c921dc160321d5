// The request a playground asks the proxy to send, checked against the page it was sent from.
import type { ManifestEndpoint } from '../../bundle/index.js';
import { HttpError } from '../http-error.js';
import type { OutboundRequest } from './outbound-request.js';

/** The JSON body of `POST /_docsite/playground`, as the page script writes it. */
interface ProxyRequestBody {
  /** The URL path of the page whose playground sends the request (`/api/create-user`). */
  page: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Most headers one request may carry. */
const MAX_HEADERS = 50;

/**
 * Request headers never sent on: the API's host and the connection are the proxy's to set, a
 * cookie would be the reader's (none is ever forwarded, the docsite session least of all), and
 * the forwarding headers would let a reader speak for the proxy.
 */
const DROPPED_HEADERS =
  /^(host|cookie|cookie2|connection|keep-alive|content-length|transfer-encoding|te|trailer|upgrade|expect|via|forwarded|x-forwarded-.*|x-real-ip|proxy-.*|accept-encoding)$/i;
/** RFC 9110 field names and values (no CR, LF or NUL). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[^\r\n\0]*$/;

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');
}

/** The body's fields, or a 400 saying what is wrong with them. */
export function parseProxyRequest(body: unknown): ProxyRequestBody {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const { page, method, url, headers } = fields;
  if (typeof page !== 'string' || typeof method !== 'string' || typeof url !== 'string')
    throw new HttpError(400, 'The request needs "page", "method" and "url" strings.');
  if (headers !== undefined && !isStringRecord(headers)) throw new HttpError(400, '"headers" must be an object of strings.');
  if (fields.body !== undefined && typeof fields.body !== 'string') throw new HttpError(400, '"body" must be a string.');
  return { page, method, url, ...(headers ? { headers } : {}), ...(typeof fields.body === 'string' ? { body: fields.body } : {}) };
}

/**
 * The request to send for a page whose endpoint is `endpoint`: its method, to an origin the site
 * declared for it, over http(s), with the reader's headers but those the proxy never forwards.
 */
export function outboundRequestOf(request: ProxyRequestBody, endpoint: ManifestEndpoint): OutboundRequest {
  if (request.method.toUpperCase() !== endpoint.method) throw new HttpError(400, `This page's endpoint takes ${endpoint.method} requests.`);
  if (!URL.canParse(request.url)) throw new HttpError(400, '"url" is not a URL.');
  const url = new URL(request.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new HttpError(400, 'The playground sends http and https requests only.');
  if (url.username || url.password) throw new HttpError(400, 'The URL may not hold a user name or password; use the authentication fields.');
  if (!(endpoint.proxyOrigins ?? []).includes(url.origin))
    throw new HttpError(403, `${url.origin} is not a server this page's API declares; the playground sends only to those.`);
  const entries = Object.entries(request.headers ?? {});
  if (entries.length > MAX_HEADERS) throw new HttpError(400, `A request may carry at most ${MAX_HEADERS} headers.`);
  const bad = entries.find(([name, value]) => !HEADER_NAME.test(name) || !HEADER_VALUE.test(value));
  if (bad) throw new HttpError(400, `The header "${bad[0].slice(0, 100)}" is not a valid HTTP header.`);
  const headers = Object.fromEntries(entries.filter(([name]) => !DROPPED_HEADERS.test(name)));
  const body = request.body !== undefined && !['GET', 'HEAD'].includes(endpoint.method) ? { body: request.body } : {};
  return { method: endpoint.method, url, headers, ...body };
}
