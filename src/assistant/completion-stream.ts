// Reads a streamed chat completion (Server-Sent Events, `stream: true`): the text of each `delta`.

/** The body's events, one `data:` payload each, without the `[DONE]` that ends them. */
async function* eventData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of body) {
    buffered += decoder.decode(chunk, { stream: true });
    const lines = buffered.split(/\r?\n/);
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('data:')) continue; // comments (keep-alives), event names, blank separators
      const data = line.slice(5).trim();
      if (data === '[DONE]') return;
      yield data;
    }
  }
}

/**
 * The content deltas of an OpenAI-compatible streamed completion, in order. Throws when an
 * event is not JSON or reports an error (some services send `{"error": …}` mid-stream).
 */
export async function* completionDeltas(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  for await (const data of eventData(body)) {
    let event: { choices?: { delta?: { content?: unknown } }[]; error?: unknown };
    try {
      event = JSON.parse(data) as typeof event;
    } catch {
      throw new Error('the assistant model service sent an event that is not JSON');
    }
    if (event.error !== undefined) throw new Error('the assistant model service failed while answering');
    const content = event.choices?.[0]?.delta?.content;
    if (typeof content === 'string' && content !== '') yield content;
  }
}
