// Java and Kotlin examples.
import { bodyText, type ExampleRequest } from './request.js';
import { jsonQuoted, kotlinQuoted } from './string-literals.js';

export function java(request: ExampleRequest): string {
  const body = request.body === undefined ? 'HttpRequest.BodyPublishers.noBody()' : `HttpRequest.BodyPublishers.ofString(${jsonQuoted(bodyText(request))})`;
  return [
    'HttpRequest request = HttpRequest.newBuilder()',
    `    .uri(URI.create(${jsonQuoted(request.url)}))`,
    ...request.headers.map(([name, value]) => `    .header(${jsonQuoted(name)}, ${jsonQuoted(value)})`),
    `    .method(${jsonQuoted(request.method)}, ${body})`,
    '    .build();',
    'HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());',
    'System.out.println(response.body());',
  ].join('\n');
}

export function kotlin(request: ExampleRequest): string {
  const lines = ['val client = OkHttpClient()', ''];
  const contentType = request.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? 'application/json';
  if (request.body !== undefined) lines.push(`val body = ${kotlinQuoted(bodyText(request))}.toRequestBody(${kotlinQuoted(contentType)}.toMediaType())`);
  lines.push(
    'val request = Request.Builder()',
    `  .url(${kotlinQuoted(request.url)})`,
    `  .method(${kotlinQuoted(request.method)}, ${request.body === undefined ? 'null' : 'body'})`,
    ...request.headers.map(([name, value]) => `  .addHeader(${kotlinQuoted(name)}, ${kotlinQuoted(value)})`),
    '  .build()',
    '',
    'val response = client.newCall(request).execute()',
    'println(response.body?.string())',
  );
  return lines.join('\n');
}
