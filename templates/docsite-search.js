// docsite: the search dialog, imported by docsite.js when a reader first opens search. Results come
// from the site's own endpoint (GET /_docsite/search) as the reader may read them, and are written
// with DOM text only: titles, headings and snippets are the site's text, never markup.

const ENDPOINT = '/_docsite/search';
/** Milliseconds of typing pause before a search is sent. */
const DEBOUNCE_MS = 120;
const LIMIT = 20;

/** Makes an element with a class and children (strings become text). */
const element = (tag, className, ...children) => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
};

/** The snippet as text with the matched words in <mark>, from the offsets the endpoint gives. */
const markedSnippet = (snippet, marks) => {
  const node = element('span', 'search-snippet');
  let at = 0;
  for (const [start, end] of marks) {
    if (start < at) continue;
    node.append(snippet.slice(at, start), element('mark', '', snippet.slice(start, end)));
    at = end;
  }
  node.append(snippet.slice(at));
  return node;
};

/** What a failed search tells the reader. */
const failure = async (response) => {
  if (response.status === 429) return `Too many searches; try again in ${response.headers.get('Retry-After') ?? 'a few'} seconds.`;
  const body = await response.json().catch(() => undefined);
  return body?.error ?? 'Search is unavailable right now.';
};

/** Creates the dialog once; `open(text, opener)` shows it with `text` searched, and gives focus back to `opener` when it closes. */
export function searchDialog({ version, language }) {
  const input = element('input', 'search-input');
  Object.assign(input, { type: 'text', enterKeyHint: 'search', placeholder: 'Search the docs…', autocomplete: 'off', spellcheck: false });
  const list = element('div', 'search-results');
  list.id = 'search-results';
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', 'Results');
  for (const [name, value] of Object.entries({
    role: 'combobox',
    'aria-label': 'Search the docs',
    'aria-expanded': 'false',
    'aria-controls': list.id,
    'aria-autocomplete': 'list',
  }))
    input.setAttribute(name, value);
  const status = element('p', 'search-status');
  status.setAttribute('role', 'status');
  const close = element('button', 'search-close', 'Esc');
  close.type = 'button';
  close.setAttribute('aria-label', 'Esc (close search)');
  const dialog = element('dialog', 'search-dialog', element('div', 'search-field', input, close), status, list);
  dialog.setAttribute('aria-label', 'Search');
  dialog.setAttribute('aria-modal', 'true');
  document.body.append(dialog);

  let opener;
  let options = [];
  let active = -1;
  let timer;
  let pending;

  const activate = (index) => {
    options[active]?.setAttribute('aria-selected', 'false');
    active = index;
    const option = options[active];
    if (!option) return input.removeAttribute('aria-activedescendant');
    option.setAttribute('aria-selected', 'true');
    input.setAttribute('aria-activedescendant', option.id);
    option.scrollIntoView({ block: 'nearest' });
  };

  /** Lists the pages of an answer, each a group of its matching sections. */
  const show = (query, pages) => {
    options = [];
    active = -1;
    list.replaceChildren(
      ...pages.map((page, p) => {
        const group = element('div', 'search-page');
        group.setAttribute('role', 'group');
        group.setAttribute('aria-label', page.title);
        // Seen, not read out: the group's label already names the page.
        const title = element('div', 'search-page-title', page.title);
        title.setAttribute('aria-hidden', 'true');
        group.append(title);
        for (const section of page.sections) {
          const option = element(
            'a',
            'search-option',
            element('span', 'search-section', section.headingPath.join(' › ') || page.title),
            markedSnippet(section.snippet, section.marks),
          );
          Object.assign(option, { href: section.url, id: `search-option-${p}-${options.length}`, tabIndex: -1 });
          option.setAttribute('role', 'option');
          option.setAttribute('aria-selected', 'false');
          const index = options.push(option) - 1;
          option.addEventListener('mousemove', () => index !== active && activate(index));
          group.append(option);
        }
        return group;
      }),
    );
    input.setAttribute('aria-expanded', String(options.length > 0));
    status.textContent =
      pages.length === 0
        ? `No results for “${query}”.`
        : `${options.length} ${options.length === 1 ? 'result' : 'results'} on ${pages.length} ${pages.length === 1 ? 'page' : 'pages'}.`;
    if (options.length > 0) activate(0);
  };

  const search = async () => {
    const query = input.value.trim();
    pending?.abort();
    if (!query) {
      list.replaceChildren();
      options = [];
      input.setAttribute('aria-expanded', 'false');
      status.textContent = '';
      return;
    }
    const params = new URLSearchParams({ q: query, limit: String(LIMIT) });
    if (version) params.set('version', version);
    if (language) params.set('language', language);
    const controller = new AbortController();
    pending = controller;
    try {
      const response = await fetch(`${ENDPOINT}?${params}`, { signal: controller.signal, headers: { Accept: 'application/json' } });
      if (!response.ok) {
        status.textContent = await failure(response);
        return;
      }
      show(query, (await response.json()).pages);
    } catch (error) {
      if (error.name !== 'AbortError') status.textContent = 'Search is unavailable right now.';
    }
  };

  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(search, DEBOUNCE_MS);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length > 0) activate((active + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
    } else if (event.key === 'Enter' && options[active]) {
      event.preventDefault();
      options[active].click();
    }
  });
  close.addEventListener('click', () => dialog.close());
  // A click on the backdrop (outside the dialog's box) closes it.
  dialog.addEventListener('click', (event) => event.target === dialog && dialog.close());
  // Escape closes a modal dialog by itself; either way focus goes back where it was.
  dialog.addEventListener('close', () => {
    clearTimeout(timer);
    pending?.abort();
    if (opener?.isConnected) opener.focus();
  });

  return {
    open(text, from) {
      if (!dialog.open) {
        opener = from;
        dialog.showModal();
      }
      input.focus();
      if (text) {
        // Text typed into the header's box (or a missing page's words): the reader goes on typing after it.
        input.value = text;
        input.setSelectionRange(text.length, text.length);
        void search();
      } else input.select();
    },
  };
}
