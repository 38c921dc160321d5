// cURL and PowerShell examples.
import { bodyText, type ExampleRequest } from './request.js';
import { powershellQuoted, shellQuoted } from './string-literals.js';

export function curl(request: ExampleRequest): string {
  // Quoted when the shell would read anything in it (`&` of a query string, `?`, `*`).
  const url = /^[\w\-.:/{}%=@+,]+$/.test(request.url) ? request.url : shellQuoted(request.url);
  const lines = [`curl --request ${request.method}`, `--url ${url}`];
  for (const [name, value] of request.headers) lines.push(`--header ${shellQuoted(`${name}: ${value}`)}`);
  if (request.body !== undefined) lines.push(`--data ${shellQuoted(bodyText(request))}`);
  return lines.join(' \\\n  ');
}

export function powershell(request: ExampleRequest): string {
  const lines =
    request.headers.length > 0
      ? ['$headers = @{}', ...request.headers.map(([n, v]) => `$headers.Add(${powershellQuoted(n)}, ${powershellQuoted(v)})`), '']
      : [];
  const call = [`Invoke-WebRequest -Uri ${powershellQuoted(request.url)} -Method ${request.method}`];
  if (request.headers.length > 0) call.push('-Headers $headers');
  if (request.body !== undefined) call.push(`-Body ${powershellQuoted(bodyText(request))}`);
  lines.push(`$response = ${call.join(' ')}`, '', 'Write-Output $response.Content');
  return lines.join('\n');
}
