// The request an example shows, as every language's writer takes it.
import type { HttpMethod } from '../../content/index.js';

export interface ExampleRequest {
  method: HttpMethod;
  url: string;
  headers: [string, string][];
  /** The JSON body, undefined when the request has none. */
  body: unknown;
}

/** Writes one request as code of one language. */
export type RequestWriter = (request: ExampleRequest) => string;

/** The body as JSON text, indented as the examples show it. */
export function bodyText(request: ExampleRequest): string {
  return JSON.stringify(request.body, null, 2);
}
