// Code samples for the corpus's fenced blocks, in the languages real API docs show.
import type { Random } from './random.js';
import { FIELD_NAMES, RESOURCES, type CodeLanguage } from './corpus-words.js';

/** A code sample (without fences) in `language`, about a random resource. */
export function codeSample(rng: Random, language: CodeLanguage): string {
  const resource = rng.pick(RESOURCES);
  const fields = rng.sample(FIELD_NAMES, rng.int(2, 5));
  const id = `${resource.slice(0, 3)}_${rng.int(100000, 999999).toString(36)}${rng.int(1000, 9999)}`;
  switch (language) {
    case 'bash':
      return [
        `curl -X POST https://api.example.test/v1/${resource} \\`,
        '  -H "X-Api-Key: $EXAMPLE_KEY" \\',
        '  -H "Content-Type: application/json" \\',
        `  -d '{${fields.map((f) => `"${f}": "${f}-value"`).join(', ')}}'`,
      ].join('\n');
    case 'ts':
      return [
        `import { Client } from "@example/sdk";`,
        '',
        'const client = new Client({ apiKey: process.env.EXAMPLE_KEY });',
        '',
        `const result = await client.${resource}.create({`,
        ...fields.map((f) => `  ${camel(f)}: "${f}-value",`),
        '});',
        `if (result.status !== "ok") throw new Error(\`Unexpected status \${result.status}\`);`,
        `console.log(result.id); // ${id}`,
      ].join('\n');
    case 'python':
      return [
        'import os',
        'from example_sdk import Client',
        '',
        'client = Client(api_key=os.environ["EXAMPLE_KEY"])',
        `result = client.${resource}.create(`,
        ...fields.map((f) => `    ${f}="${f}-value",`),
        ')',
        `print(result.id)  # ${id}`,
      ].join('\n');
    case 'json':
      return [
        '{',
        `  "id": "${id}",`,
        `  "object": "${resource.replace(/s$/, '')}",`,
        ...fields.map((f, i) => `  "${f}": ${i % 2 ? rng.int(1, 50000) : `"${f}-value"`},`),
        `  "livemode": false`,
        '}',
      ].join('\n');
    case 'yaml':
      return [
        `${resource}:`,
        `  enabled: true`,
        ...fields.map((f) => `  ${f}: ${f}-value`),
        '  retries:',
        `    max_attempts: ${rng.int(2, 10)}`,
        `    backoff: exponential`,
      ].join('\n');
    case 'go':
      return [
        'package main',
        '',
        'import (',
        '\t"fmt"',
        '\t"os"',
        '',
        '\texample "github.com/example/sdk-go"',
        ')',
        '',
        'func main() {',
        '\tclient := example.NewClient(os.Getenv("EXAMPLE_KEY"))',
        `\tresult, err := client.${capitalGo(resource)}.Create(&example.${capitalGo(resource)}Params{`,
        ...fields.map((f) => `\t\t${capitalGo(camel(f))}: "${f}-value",`),
        '\t})',
        '\tif err != nil {',
        '\t\tpanic(err)',
        '\t}',
        '\tfmt.Println(result.ID)',
        '}',
      ].join('\n');
  }
}

function camel(name: string): string {
  return name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

function capitalGo(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
