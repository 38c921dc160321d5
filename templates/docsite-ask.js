// docsite: the Ask AI panel, imported by docsite.js when a reader first opens it. Questions go to the
// site's own endpoint (POST /_docsite/assistant), which answers as the reader may read the site and
// streams the answer as NDJSON events. The answer is Markdown a model may have written: it is drawn
// with DOM text and elements made here, never parsed as HTML, and links only to http(s) URLs.

const ENDPOINT = '/_docsite/assistant';
/** Where the panel covers the page as a dialog rather than sitting beside it (the phone layout's width). */
const PHONE = matchMedia('(max-width: 760px)');
/** Longest path sent as the page asked from (the endpoint's limit). */
const MAX_PATH = 2048;

/** Makes an element with a class and children (strings become text). */
const element = (tag, className, ...children) => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
};

/** A link to `href` when it is http(s) (a path of this site stays a path), else its text alone. */
const link = (href, ...children) => {
  let url;
  try {
    url = new URL(href, location.href);
  } catch {
    return children;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return children;
  const anchor = element('a', '', ...children);
  anchor.href = url.origin === location.origin ? `${url.pathname}${url.search}${url.hash}` : url.href;
  return [anchor];
};

/** Inline Markdown: `code`, **strong** and [text](url); everything else is text. */
const INLINE = /`([^`\n]+)`|\*\*(.+?)\*\*|\[([^\]\n]+)\]\(<?([^)\s>]+)>?\)/g;
const inline = (text) => {
  const nodes = [];
  let at = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, code, strong, label, href] = match;
    nodes.push(text.slice(at, match.index));
    if (code !== undefined) nodes.push(element('code', '', code));
    else if (strong !== undefined) nodes.push(element('strong', '', ...inline(strong)));
    else nodes.push(...link(href, ...inline(label)));
    at = match.index + whole.length;
  }
  nodes.push(text.slice(at));
  return nodes;
};

/** Block Markdown: paragraphs, bullet and numbered lists, fenced code, headings (as bold lines). */
const blocks = (text) => {
  const out = [];
  let paragraph = [];
  let list;
  const endParagraph = () => {
    if (paragraph.length > 0) out.push(element('p', '', ...inline(paragraph.join(' '))));
    paragraph = [];
  };
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const item = /^\s*(?:[-*+]|(\d+)[.)])\s+(.*)$/.exec(line);
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (!item && list && /^\s+\S/.test(line)) {
      list.lastChild.append(' ', ...inline(line.trim())); // a list item's next line
      continue;
    }
    endParagraph();
    if (!item) list = undefined;
    if (/^\s*```/.test(line)) {
      const code = [];
      for (i++; i < lines.length && !/^\s*```/.test(lines[i]); i++) code.push(lines[i]);
      out.push(element('pre', '', element('code', '', code.join('\n'))));
    } else if (item) {
      const tag = item[1] === undefined ? 'UL' : 'OL';
      if (list?.tagName !== tag) out.push((list = element(tag, '')));
      list.append(element('li', '', ...inline(item[2])));
    } else if (heading) out.push(element('p', '', element('strong', '', ...inline(heading[1]))));
    else if (line.trim() !== '') paragraph.push(line.trim());
  }
  endParagraph();
  return out;
};

/** What a refused question tells the reader. */
const refusal = async (response) => {
  if (response.status === 429) return `Too many questions from here; try again in ${response.headers.get('Retry-After') ?? 'a few'} seconds.`;
  const body = await response.json().catch(() => undefined);
  return body?.error ?? 'Ask AI is unavailable right now.';
};

/** The events of a streamed answer, one parsed line each. */
async function* events(response) {
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    const lines = (buffered + value).split('\n');
    buffered = lines.pop();
    for (const line of lines) if (line.trim()) yield JSON.parse(line);
  }
}

/** Creates the panel once; `open(question, opener)` shows it (asking `question` when given) and gives focus back to `opener` when it closes. */
export function askPanel() {
  const title = element('h2', 'ask-title', 'Ask AI');
  title.id = 'ask-title';
  const close = element('button', 'ask-close', 'Close');
  close.type = 'button';
  close.setAttribute('aria-label', 'Close Ask AI');
  const hint = element('p', 'ask-hint', 'Ask a question about these docs. Answers link to the pages they come from; check them there.');
  const log = element('div', 'ask-log', hint);
  const status = element('p', 'visually-hidden');
  status.setAttribute('role', 'status');
  const input = element('textarea', 'ask-input');
  Object.assign(input, { rows: 2, maxLength: 2000, placeholder: 'Ask a question…', enterKeyHint: 'send' });
  input.setAttribute('aria-label', 'Your question');
  const send = element('button', 'ask-send', 'Ask');
  send.type = 'submit';
  const form = element('form', 'ask-form', input, send);
  const panel = element('dialog', 'ask-panel', element('div', 'ask-head', title, close), log, status, form);
  panel.setAttribute('aria-labelledby', title.id);
  document.body.append(panel);

  let opener;
  let asking = false;
  const root = document.documentElement;
  const button = document.querySelector('[data-ask-ai-open]');
  panel.addEventListener('close', () => {
    root.classList.remove('ask-open');
    button?.setAttribute('aria-expanded', 'false');
    opener?.focus();
  });
  close.addEventListener('click', () => panel.close());
  // Escape closes the side panel too (a dialog shown without showModal does not close by itself).
  panel.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    panel.close();
  });
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
    event.preventDefault();
    form.requestSubmit();
  });

  /** Asks `query` and writes the answer as it streams in: text, then its sources. */
  const ask = async (query) => {
    asking = true;
    send.disabled = true;
    hint.remove();
    const answer = element('div', 'ask-answer', element('p', 'ask-waiting', 'Searching the docs…'));
    const exchange = element('article', 'ask-exchange', element('p', 'ask-question', query), answer);
    log.append(exchange);
    log.scrollTop = log.scrollHeight;
    answer.setAttribute('aria-busy', 'true');
    status.textContent = 'Answering…';
    let text = '';
    let sources = [];
    let drawing = false;
    const draw = () => {
      drawing = false;
      // Follows the answer down as it grows, unless the reader scrolled up to read.
      const following = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
      answer.replaceChildren(...blocks(text));
      if (following) log.scrollTop = log.scrollHeight;
    };
    try {
      const path = location.pathname;
      const response = await fetch(ENDPOINT, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(path.length <= MAX_PATH ? { query, pagePath: path } : { query }),
        credentials: 'same-origin',
      });
      if (!response.ok) throw new Error(await refusal(response));
      let finished = false;
      for await (const event of events(response)) {
        if (event.type === 'sources') sources = event.sources;
        else if (event.type === 'restart') text = '';
        else if (event.type === 'text') text += event.text;
        else if (event.type === 'done') finished = true;
        else if (event.type === 'error') throw new Error(event.error);
        if (event.type === 'text' && !drawing) {
          drawing = true;
          requestAnimationFrame(draw);
        }
      }
      if (!finished) throw new Error('The answer was cut off. Try again.');
      draw();
      if (sources.length > 0) {
        const list = element('ul', '', ...sources.map((source) => element('li', '', ...link(source.url, source.title))));
        exchange.append(element('h3', 'ask-sources-title', 'Sources'), list);
        list.className = 'ask-sources';
      }
      status.textContent = 'Answer ready.';
    } catch (error) {
      draw();
      const message = error instanceof TypeError ? 'Ask AI could not be reached. Check the connection and try again.' : error.message;
      answer.append(element('p', 'ask-error', message));
      status.textContent = message;
    } finally {
      answer.removeAttribute('aria-busy');
      asking = false;
      send.disabled = false;
    }
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const query = input.value.trim();
    if (!query || asking) return;
    input.value = '';
    void ask(query);
  });

  return {
    open(question, from) {
      if (!panel.open) {
        opener = from;
        if (PHONE.matches) panel.showModal();
        else panel.show();
        root.classList.add('ask-open');
        button?.setAttribute('aria-expanded', 'true');
      }
      input.focus();
      if (question && !asking) void ask(question);
    },
  };
}
