// Python, Ruby and PHP examples.
import { bodyText, type ExampleRequest } from './request.js';
import { jsonQuoted, phpQuoted, rubyQuoted } from './string-literals.js';

export function python(request: ExampleRequest): string {
  const lines = ['import requests', '', `url = ${jsonQuoted(request.url)}`, ''];
  const args = ['url'];
  if (request.body !== undefined) {
    lines.push(`payload = ${pythonLiteral(request.body, '')}`);
    args.push('json=payload');
  }
  if (request.headers.length > 0) {
    lines.push(`headers = ${pythonLiteral(Object.fromEntries(request.headers), '')}`);
    args.push('headers=headers');
  }
  if (args.length > 1) lines.push('');
  lines.push(`response = requests.request(${jsonQuoted(request.method)}, ${args.join(', ')})`, '', 'print(response.text)');
  return lines.join('\n');
}

function pythonLiteral(value: unknown, indent: string): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  const inner = `${indent}    `;
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[\n${value.map((v) => `${inner}${pythonLiteral(v, inner)}`).join(',\n')}\n${indent}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length === 0 ? '{}' : `{\n${entries.map(([k, v]) => `${inner}${jsonQuoted(k)}: ${pythonLiteral(v, inner)}`).join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

export function ruby(request: ExampleRequest): string {
  const methodClass = `${request.method[0]}${request.method.slice(1).toLowerCase()}`;
  const lines = [
    "require 'uri'",
    "require 'net/http'",
    '',
    `url = URI(${rubyQuoted(request.url)})`,
    '',
    'http = Net::HTTP.new(url.host, url.port)',
    "http.use_ssl = url.scheme == 'https'",
    '',
    `request = Net::HTTP::${methodClass}.new(url)`,
    ...request.headers.map(([name, value]) => `request[${rubyQuoted(name)}] = ${rubyQuoted(value)}`),
  ];
  if (request.body !== undefined) lines.push(`request.body = ${rubyQuoted(bodyText(request))}`);
  lines.push('', 'response = http.request(request)', 'puts response.read_body');
  return lines.join('\n');
}

export function php(request: ExampleRequest): string {
  const options = [
    `  CURLOPT_URL => ${phpQuoted(request.url)},`,
    '  CURLOPT_RETURNTRANSFER => true,',
    `  CURLOPT_CUSTOMREQUEST => ${phpQuoted(request.method)},`,
  ];
  if (request.body !== undefined) options.push(`  CURLOPT_POSTFIELDS => ${phpQuoted(bodyText(request))},`);
  if (request.headers.length > 0)
    options.push('  CURLOPT_HTTPHEADER => [', ...request.headers.map(([name, value]) => `    ${phpQuoted(`${name}: ${value}`)},`), '  ],');
  return [
    '<?php',
    '',
    '$curl = curl_init();',
    '',
    'curl_setopt_array($curl, [',
    ...options,
    ']);',
    '',
    '$response = curl_exec($curl);',
    '$error = curl_error($curl);',
    'curl_close($curl);',
    '',
    'echo $error ? "cURL error: " . $error : $response;',
  ].join('\n');
}
