// JavaScript (browser and Node.js), TypeScript and Dart examples.
import { bodyText, type ExampleRequest } from './request.js';
import { dartQuoted, jsonQuoted } from './string-literals.js';

function fetchCall(request: ExampleRequest, optionsType: string): string {
  const options = [`method: ${jsonQuoted(request.method)}`];
  if (request.headers.length > 0) options.push(`headers: ${JSON.stringify(Object.fromEntries(request.headers))}`);
  if (request.body !== undefined) options.push(`body: JSON.stringify(${JSON.stringify(request.body)})`);
  return [
    `const options${optionsType} = {${options.join(', ')}};`,
    '',
    `fetch(${jsonQuoted(request.url)}, options)`,
    '  .then(response => response.json())',
    '  .then(response => console.log(response))',
    '  .catch(error => console.error(error));',
  ].join('\n');
}

export const javascript = (request: ExampleRequest): string => fetchCall(request, '');
export const typescript = (request: ExampleRequest): string => fetchCall(request, ': RequestInit');

export function dart(request: ExampleRequest): string {
  const lines = [
    "import 'package:http/http.dart' as http;",
    '',
    'void main() async {',
    `  final request = http.Request(${dartQuoted(request.method)}, Uri.parse(${dartQuoted(request.url)}));`,
  ];
  if (request.headers.length > 0)
    lines.push(`  request.headers.addAll({${request.headers.map(([name, value]) => `${dartQuoted(name)}: ${dartQuoted(value)}`).join(', ')}});`);
  if (request.body !== undefined) lines.push(`  request.body = ${dartQuoted(bodyText(request))};`);
  lines.push('', '  final response = await request.send();', '  print(await response.stream.bytesToString());', '}');
  return lines.join('\n');
}
