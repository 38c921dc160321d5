// docsite: progressive enhancement for documentation pages. Every page works without this script;
// it adds copy buttons, the contextual menu's actions, search, and sends API playground requests.
(() => {
  document.documentElement.classList.add('js');

  // Dark mode as Mintlify marks it (`html.dark`), which the custom CSS of its sites targets: by the
  // reader's system setting, unless docs.json's `appearance.default` fixed the mode in the page.
  if (!document.documentElement.dataset.appearance) {
    const dark = matchMedia('(prefers-color-scheme: dark)');
    const mark = () => document.documentElement.classList.toggle('dark', dark.matches);
    mark();
    dark.addEventListener('change', mark);
  }

  // Search: the header's box, Ctrl/Cmd+K and `/` open the search dialog. Its code (docsite-search.js)
  // loads the first time, so pages where no one searches never fetch it.
  const searchBoxes = document.querySelectorAll('[data-search-open]');
  if (searchBoxes.length > 0) {
    let dialog;
    /** What was typed while the dialog was on its way (null: it is not), so no keystroke is lost. */
    let typedAhead = null;
    const openSearch = async (text) => {
      if (typedAhead !== null) return void (typedAhead += text);
      const opener = document.activeElement;
      typedAhead = text;
      dialog ??= import('/_docsite/docsite-search.js').then(({ searchDialog }) =>
        // The reader's version (the header box carries it) and language (the document's): results stay in them.
        searchDialog({ version: document.querySelector('[data-search-open][data-version]')?.dataset.version, language: document.documentElement.lang }),
      );
      try {
        (await dialog).open(typedAhead, opener);
      } catch {
        dialog = undefined; // a failed load (the network) is tried again at the next open
      } finally {
        typedAhead = null;
      }
    };
    // The shortcut as a Mac writes it.
    if (/Mac|iPhone|iPad/.test(navigator.platform)) for (const keys of document.querySelectorAll('.search-box-keys')) keys.textContent = '⌘K';
    // The 404 page searches for the words of the path that was not found.
    const pathWords = () => {
      let path = location.pathname;
      try {
        path = decodeURIComponent(path);
      } catch {} // a malformed escape: its words are searched as written
      return path.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
    };
    for (const box of searchBoxes) box.addEventListener('click', () => void openSearch(box.dataset.searchPrefill === 'path' ? pathWords() : ''));
    const typing = (target) => target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
    document.addEventListener('keydown', (event) => {
      if (event.defaultPrevented || event.altKey) return;
      const command = event.ctrlKey || event.metaKey;
      // Typed into the header's box, or anywhere while the dialog is on its way: the search starts with it.
      const typed = !command && event.key.length === 1 && (typedAhead !== null || (!' /'.includes(event.key) && event.target.matches?.('[data-search-open]')));
      if (typed) void openSearch(event.key);
      else if ((command && event.key.toLowerCase() === 'k') || (!command && event.key === '/' && !typing(event.target))) void openSearch('');
      else return;
      event.preventDefault();
    });
  }

  const copy = async (text, button) => {
    try {
      await navigator.clipboard.writeText(text);
      flash(button, 'Copied');
    } catch {
      flash(button, 'Copy failed');
    }
  };
  const flash = (button, label) => {
    if (!button) return;
    const before = button.textContent;
    button.textContent = label;
    setTimeout(() => (button.textContent = before), 1500);
  };

  // The banner: once dismissed, it stays closed in this browser until its content (and so its data-banner hash) changes.
  const banner = document.querySelector('.banner[data-banner]');
  if (banner) {
    const key = `docsite-banner-${banner.dataset.banner}`;
    const stored = (write) => {
      try {
        return write ? localStorage.setItem(key, '1') : localStorage.getItem(key);
      } catch {
        return null; // storage refused (private mode, a policy): the banner just shows again
      }
    };
    if (stored(false)) banner.remove();
    banner.querySelector('.banner-dismiss')?.addEventListener('click', () => {
      banner.remove();
      stored(true);
    });
  }

  // Code blocks: a copy button in each caption.
  for (const block of document.querySelectorAll('.code-block')) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy-button';
    button.textContent = 'Copy';
    // A prompt (Prompt) copies its text; a code block its code.
    const source = () => (block.querySelector('.prompt-body') ?? block.querySelector('code'))?.textContent ?? '';
    button.addEventListener('click', () => copy(source(), button));
    block.querySelector('figcaption')?.append(button);
  }
  for (const button of document.querySelectorAll('button[data-copy]')) {
    button.addEventListener('click', () => copy(button.dataset.copy, button));
  }

  // Contextual menu: links and copies that need this page's address.
  const siteName = document.querySelector('.brand-name')?.textContent?.trim() || 'docs';
  const mcpUrl = `${location.origin}/mcp`;
  const markdownHref = document.querySelector('link[rel="alternate"][type="text/markdown"]')?.getAttribute('href');
  const markdownUrl = markdownHref ? new URL(markdownHref, location.href).href : location.href;
  const ask = encodeURIComponent(`Read ${markdownUrl} so I can ask questions about it.`);
  const opens = {
    chatgpt: `https://chatgpt.com/?hints=search&q=${ask}`,
    claude: `https://claude.ai/new?q=${ask}`,
    perplexity: `https://www.perplexity.ai/search?q=${ask}`,
    cursor: `cursor://anysphere.cursor-deeplink/mcp/install?name=${encodeURIComponent(siteName)}&config=${btoa(JSON.stringify({ url: mcpUrl }))}`,
    vscode: `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name: siteName, type: 'http', url: mcpUrl }))}`,
  };
  for (const link of document.querySelectorAll('a[data-open]')) {
    const href = opens[link.dataset.open];
    if (href) link.href = href;
  }
  const actions = {
    copy: async () => (await fetch(markdownUrl, { headers: { Accept: 'text/markdown' } })).text(),
    mcp: async () => mcpUrl,
    'add-mcp': async () => `npx add-mcp ${mcpUrl}`,
  };
  for (const button of document.querySelectorAll('button[data-action]')) {
    button.addEventListener('click', async () => {
      try {
        await copy(await actions[button.dataset.action](), button);
      } catch {
        flash(button, 'Copy failed');
      }
    });
  }

  // API playground: build the request from the form and send it from the reader's browser.
  for (const form of document.querySelectorAll('form.playground')) {
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const output = form.querySelector('output');
      const data = new FormData(form);
      const server = data.get('server') ?? form.dataset.server ?? '';
      let path = form.dataset.url;
      const query = new URLSearchParams();
      const headers = new Headers();
      const body = {};
      try {
        for (const [name, raw] of data) {
          const [location, key] = name.split(/:(.*)/s);
          if (!key || raw === '') continue;
          const value = String(raw);
          if (location === 'path') path = path.replace(`{${key}}`, encodeURIComponent(value));
          else if (location === 'query') query.append(key, value);
          else if (location === 'header') headers.set(key, value);
          else if (location === 'body') body[key] = typed(value, form.elements.namedItem(name)?.dataset.type ?? 'string');
        }
        const auth = form.dataset.authMethod;
        const token = data.get('auth-token');
        if (auth === 'bearer' && token) headers.set('Authorization', `Bearer ${token}`);
        if (auth === 'key' && token) headers.set(form.dataset.authName, String(token));
        if (auth === 'basic' && data.get('auth-username'))
          headers.set('Authorization', `Basic ${btoa(`${data.get('auth-username')}:${data.get('auth-password') ?? ''}`)}`);
        const method = form.dataset.method;
        const hasBody = Object.keys(body).length > 0 && !['GET', 'HEAD'].includes(method);
        if (hasBody) headers.set('Content-Type', 'application/json');
        const url = `${server.replace(/\/+$/, '')}${server ? `/${path.replace(/^\/+/, '')}` : path}${query.size ? `?${query}` : ''}`;
        output.textContent = `${method} ${url}\n…`;
        const response = await fetch(url, { method, headers, body: hasBody ? JSON.stringify(body) : undefined });
        const text = await response.text();
        output.textContent = `${response.status} ${response.statusText}\n\n${pretty(text)}`;
      } catch (error) {
        output.textContent = `The request failed: ${error.message}. The API may not allow requests from this site (CORS), or the URL is unreachable.`;
      }
    });
  }
  const typed = (value, type) => {
    if (/integer|number/.test(type)) return Number(value);
    if (type === 'boolean') return value === 'true';
    if (/object|array|\[\]/.test(type)) return JSON.parse(value);
    return value;
  };
  const pretty = (text) => {
    try {
      return JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      return text;
    }
  };
})();
