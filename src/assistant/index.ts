// The assistant module: answers visitors' questions from the site's own index (no HTTP here).
export {
  askAssistant,
  extractiveAnswer,
  streamAssistant,
  unansweredResponse,
  type AnswerEvent,
  type AskOptions,
  type AssistantAnswer,
} from './ask.js';
export { citedSections, searchScopeOf, MAX_CITED_PAGES, type CitedSection } from './cited-sections.js';
export { chatMessages, openAiChatModel, type ChatInput, type ChatModel, type ChatModelConfig } from './chat-model.js';
export { ASSISTANT_ENV, chatModelConfigFromEnv } from './model-config.js';
export { parseAssistantMessage, MAX_PAGE_LENGTH, MAX_QUERY_LENGTH, type AssistantMessage } from './message.js';
export { readerPageOf, type ReaderPage } from './reader-page.js';
