// The languages of `api.examples.languages`, with Mintlify's keys and aliases (api-playground/overview, "All supported languages").
import { csharp, dotnet } from './example-writers/dotnet.js';
import { java, kotlin } from './example-writers/jvm.js';
import { c, cpp, go, rust, swift } from './example-writers/native.js';
import type { RequestWriter } from './example-writers/request.js';
import { php, python, ruby } from './example-writers/scripting.js';
import { curl, powershell } from './example-writers/shell.js';
import { dart, javascript, typescript } from './example-writers/web.js';

export interface ExampleLanguage {
  /** The tab's title. */
  label: string;
  /** The code fence's language, for highlighting. */
  fence: string;
  /** Other names docs.json may use for it. */
  aliases: readonly string[];
  write: RequestWriter;
}

/** By Mintlify's key, in Mintlify's order. */
export const EXAMPLE_LANGUAGES = {
  bash: { label: 'cURL', fence: 'bash', aliases: ['curl', 'sh', 'shell'], write: curl },
  python: { label: 'Python', fence: 'python', aliases: ['py'], write: python },
  javascript: { label: 'JavaScript', fence: 'javascript', aliases: ['js'], write: javascript },
  node: { label: 'Node.js', fence: 'javascript', aliases: ['nodejs', 'node.js'], write: javascript },
  php: { label: 'PHP', fence: 'php', aliases: [], write: php },
  go: { label: 'Go', fence: 'go', aliases: ['golang'], write: go },
  java: { label: 'Java', fence: 'java', aliases: [], write: java },
  ruby: { label: 'Ruby', fence: 'ruby', aliases: ['rb'], write: ruby },
  powershell: { label: 'PowerShell', fence: 'powershell', aliases: [], write: powershell },
  swift: { label: 'Swift', fence: 'swift', aliases: [], write: swift },
  csharp: { label: 'C#', fence: 'csharp', aliases: ['c#'], write: csharp },
  dotnet: { label: '.NET', fence: 'csharp', aliases: ['.net', '.NET', 'dot-net'], write: dotnet },
  typescript: { label: 'TypeScript', fence: 'typescript', aliases: ['ts'], write: typescript },
  c: { label: 'C', fence: 'c', aliases: [], write: c },
  'c++': { label: 'C++', fence: 'cpp', aliases: ['cpp'], write: cpp },
  kotlin: { label: 'Kotlin', fence: 'kotlin', aliases: ['kt'], write: kotlin },
  rust: { label: 'Rust', fence: 'rust', aliases: ['rs'], write: rust },
  dart: { label: 'Dart', fence: 'dart', aliases: ['flutter'], write: dart },
} as const satisfies Record<string, ExampleLanguage>;

export type ExampleLanguageKey = keyof typeof EXAMPLE_LANGUAGES;

/** Examples are written in these when docs.json names no language docsite knows. */
export const DEFAULT_EXAMPLE_LANGUAGES: readonly ExampleLanguageKey[] = ['bash', 'python', 'javascript'];

const BY_NAME = new Map<string, ExampleLanguageKey>(
  Object.entries(EXAMPLE_LANGUAGES).flatMap(([key, language]) => [key, ...language.aliases].map((name) => [name.toLowerCase(), key as ExampleLanguageKey])),
);

/** The language a docs.json name stands for, in any case; undefined for a name Mintlify does not list. */
export function exampleLanguageNamed(name: string): ExampleLanguageKey | undefined {
  return BY_NAME.get(name.toLowerCase());
}
