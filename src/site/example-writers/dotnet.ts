// C# (HttpClient) and .NET (RestSharp) examples.
import { bodyText, type ExampleRequest } from './request.js';
import { jsonQuoted } from './string-literals.js';

const isContentType = ([name]: [string, string]): boolean => name.toLowerCase() === 'content-type';

export function csharp(request: ExampleRequest): string {
  const contentType = request.headers.find(isContentType)?.[1] ?? 'application/json';
  const lines = [
    'using var client = new HttpClient();',
    `var request = new HttpRequestMessage(new HttpMethod(${jsonQuoted(request.method)}), ${jsonQuoted(request.url)});`,
    // Content-Type belongs to the content, not the request's headers, in HttpClient.
    ...request.headers
      .filter((h) => !isContentType(h))
      .map(([name, value]) => `request.Headers.TryAddWithoutValidation(${jsonQuoted(name)}, ${jsonQuoted(value)});`),
  ];
  if (request.body !== undefined)
    lines.push(`request.Content = new StringContent(${jsonQuoted(bodyText(request))}, System.Text.Encoding.UTF8, ${jsonQuoted(contentType)});`);
  lines.push('using var response = await client.SendAsync(request);', 'Console.WriteLine(await response.Content.ReadAsStringAsync());');
  return lines.join('\n');
}

export function dotnet(request: ExampleRequest): string {
  const method = `${request.method[0]}${request.method.slice(1).toLowerCase()}`;
  const lines = [
    'using RestSharp;',
    '',
    `var client = new RestClient(new RestClientOptions(${jsonQuoted(request.url)}));`,
    `var request = new RestRequest("", Method.${method});`,
    ...request.headers.filter((h) => !isContentType(h)).map(([name, value]) => `request.AddHeader(${jsonQuoted(name)}, ${jsonQuoted(value)});`),
  ];
  if (request.body !== undefined) lines.push(`request.AddStringBody(${jsonQuoted(bodyText(request))}, DataFormat.Json);`);
  lines.push('var response = await client.ExecuteAsync(request);', 'Console.WriteLine(response.Content);');
  return lines.join('\n');
}
