// The step both assistant endpoints share: answer a question as the asker may read the site, and record the conversation.
import {
  askAssistant,
  readerPageOf,
  streamAssistant,
  type AnswerEvent,
  type AskOptions,
  type AssistantAnswer,
  type AssistantMessage,
  type ChatModel,
  type ReaderPage,
} from '../assistant/index.js';
import type { LoadedBundle } from '../bundle/index.js';
import { readerOf } from '../mcp/index.js';
import { canRead, type Principal } from '../site/index.js';
import type { Conversation, Store } from '../store/index.js';
import type { Logger } from './logger.js';

/** A checked question and who asks it, from where. */
export interface AssistantQuestion {
  message: AssistantMessage;
  /** Whose access the answer keeps to: anonymous on the REST API, the signed-in reader in the page. */
  principal: Principal;
  /** The URL the site is reached at: sources are made absolute on it. */
  siteUrl: string;
}

/** Answers questions and records each as a conversation (SPEC.md 2.1). */
export interface AssistantAnswers {
  /** The whole answer, once recorded. */
  answer(question: AssistantQuestion): Promise<Conversation>;
  /** The answer's events as they are written; the conversation, once recorded, when they end. `signal` stops the model (the asker left). */
  stream(question: AssistantQuestion, signal?: AbortSignal): AsyncGenerator<AnswerEvent, Conversation>;
}

export interface AssistantAnswersOptions {
  bundle: LoadedBundle;
  store: Store;
  logger: Logger;
  /** Whether the site has authentication on. */
  authentication: boolean;
  /** Writes answers from the cited sections; extractive answers without one. */
  model?: ChatModel | undefined;
}

export function assistantAnswers({ bundle, store, logger, authentication, model }: AssistantAnswersOptions): AssistantAnswers {
  const projectId = bundle.manifest.site.projectId;
  const onModelError = (error: Error): void => logger.warn('assistant model failed; answered with the cited sections instead', { error: error.message });

  const askOptionsOf = ({ message, principal, siteUrl }: AssistantQuestion): { where: ReaderPage; options: AskOptions } => {
    const where = readerPageOf(bundle, siteUrl, message);
    return {
      where,
      options: {
        bundle,
        query: message.query,
        reader: readerOf(principal, authentication),
        siteUrl,
        // A page the asker may not read scopes nothing: its version would tell it from a missing one.
        page: where.page && canRead(principal, where.page.access, authentication) ? where.page : undefined,
        model,
        onModelError,
      },
    };
  };
  const record = (question: AssistantQuestion, where: ReaderPage, answer: AssistantAnswer): Promise<Conversation> =>
    store.addConversation({ projectId, query: question.message.query, pageUrl: where.pageUrl, ...answer });

  return {
    async answer(question) {
      const { where, options } = askOptionsOf(question);
      return record(question, where, await askAssistant(options));
    },
    async *stream(question, signal) {
      const { where, options } = askOptionsOf(question);
      // An asker who left stops the model; that is no failure of the model's to log.
      const answer = yield* streamAssistant({ ...options, ...(signal ? { signal } : {}), onModelError: (error) => signal?.aborted || onModelError(error) });
      return record(question, where, answer);
    },
  };
}
