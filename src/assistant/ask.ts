// The assistant: searches the site's index, then answers from the best sections, extractively or with a model.
import type { LoadedBundle, ManifestPage } from '../bundle/index.js';
import type { Reader } from '../search/index.js';
import type { ResolutionStatus, Source } from '../store/index.js';
import type { ChatInput, ChatModel } from './chat-model.js';
import { citedSections, type CitedSection } from './cited-sections.js';

/** What to answer, for whom. */
export interface AskOptions {
  bundle: LoadedBundle;
  query: string;
  /** Whose access the search uses. */
  reader: Reader;
  /** The URL the site is reached at, without a trailing slash; sources are made absolute on it. */
  siteUrl: string;
  /** The page the visitor is on: the search covers its version and language. */
  page?: ManifestPage | undefined;
  /** Writes the answer from the sections; without one the answer quotes them. */
  model?: ChatModel | undefined;
  /** Told when the model fails; the answer is then extractive. */
  onModelError?(error: Error): void;
}

/** An answer, ready to be recorded as a conversation. */
export interface AssistantAnswer {
  response: string;
  /** The cited sections: title and full URL. */
  sources: Source[];
  /** Navigation tab or group (the outermost) of the top source's page; null when it is outside navigation or there is none. */
  queryCategory: string | null;
  /** `answered` when sources were found. */
  resolutionStatus: ResolutionStatus;
}

/**
 * What a streamed answer is made of, in order: its `sources` (first, once; empty when nothing
 * was found), then its `text` piece by piece. `restart` says the model failed partway: the text
 * so far is dropped, and the quoted sections follow in its place.
 */
export type AnswerEvent = { type: 'sources'; sources: Source[] } | { type: 'text'; text: string } | { type: 'restart' };

/** The answer that quotes each cited section with a link to it. */
export function extractiveAnswer(siteName: string, sections: readonly CitedSection[]): string {
  const items = sections.map((s) => `- [${s.title}](${s.url}): ${s.snippet}`);
  return `From the ${siteName} docs:\n\n${items.join('\n')}`;
}

/** What the assistant says when the index has nothing on the question. */
export function unansweredResponse(siteName: string): string {
  return `I could not find anything about that in the ${siteName} docs. Try asking with other words, such as the names the docs use for the feature.`;
}

/** The sections to answer from, and the answer as it stands before any model writes it: extractive, or unanswered. */
function groundedAnswer(options: AskOptions): { input: ChatInput; answer: AssistantAnswer } {
  const siteName = options.bundle.manifest.site.name;
  const sections = citedSections(options.bundle, options.query, options);
  const input = { siteName, query: options.query, sections };
  const top = sections[0];
  if (!top) return { input, answer: { response: unansweredResponse(siteName), sources: [], queryCategory: null, resolutionStatus: 'unanswered' } };
  return {
    input,
    answer: {
      response: extractiveAnswer(siteName, sections),
      sources: sections.map((s) => ({ title: s.title, url: s.url })),
      queryCategory: top.page?.inNavigation ? top.page.section : null,
      resolutionStatus: 'answered',
    },
  };
}

/** Answers `query` from the site's own index. */
export async function askAssistant(options: AskOptions): Promise<AssistantAnswer> {
  const { input, answer } = groundedAnswer(options);
  if (!options.model || answer.resolutionStatus === 'unanswered') return answer;
  try {
    return { ...answer, response: await options.model.answer(input) };
  } catch (error) {
    options.onModelError?.(error as Error);
    return answer;
  }
}

/**
 * Answers `query` as `askAssistant` does, as it is written: yields the answer's events and
 * returns the whole answer. With a model, its words as they come; when it fails (or `signal`
 * aborts), the quoted sections instead.
 */
export async function* streamAssistant(options: AskOptions & { signal?: AbortSignal }): AsyncGenerator<AnswerEvent, AssistantAnswer> {
  const { input, answer } = groundedAnswer(options);
  yield { type: 'sources', sources: answer.sources };
  if (options.model && answer.resolutionStatus === 'answered') {
    let written = '';
    try {
      for await (const text of options.model.streamAnswer(input, options.signal)) {
        written += text;
        yield { type: 'text', text };
      }
      return { ...answer, response: written.trim() };
    } catch (error) {
      options.onModelError?.(error as Error);
      if (written !== '') yield { type: 'restart' };
    }
  }
  yield { type: 'text', text: answer.response };
  return answer;
}
