// docsite: progressive enhancement for documentation pages. Every page works without this script;
// it adds copy buttons, the contextual menu's actions, search, Ask AI, the section marked in the table
// of contents, the "Was this page helpful?" widget, and sends API playground requests.
(() => {
  document.documentElement.classList.add('js');

  // Light, dark or the system's: the reader's choice (remembered; the head's inline script applied it
  // before the first paint), else docs.json's `appearance.default`. `html.dark` marks dark mode as
  // Mintlify does, for the custom CSS of its sites.
  const root = document.documentElement;
  const systemDark = matchMedia('(prefers-color-scheme: dark)');
  const markDark = () => {
    const appearance = root.dataset.appearance;
    root.classList.toggle('dark', appearance === 'dark' || (!appearance && systemDark.matches));
  };
  systemDark.addEventListener('change', markDark);
  const themeButton = document.querySelector('.theme-toggle');
  if (themeButton && !root.hasAttribute('data-appearance-strict')) {
    const THEMES = ['light', 'dark', 'system'];
    const LABELS = { light: 'Light', dark: 'Dark', system: 'System' };
    const chosen = () => root.dataset.appearance ?? 'system';
    const show = () => {
      themeButton.textContent = LABELS[chosen()];
      themeButton.setAttribute('aria-label', `Theme: ${chosen()} (change)`);
    };
    themeButton.addEventListener('click', () => {
      const next = THEMES[(THEMES.indexOf(chosen()) + 1) % THEMES.length];
      if (next === 'system') delete root.dataset.appearance;
      else root.dataset.appearance = next;
      try {
        localStorage.setItem('docsite-theme', next);
      } catch {}
      markDark();
      show();
      dispatchEvent(new CustomEvent('docsite:theme'));
    });
    show();
  }

  // Phones: the menu button opens the sidebar as a drawer below the header; Escape, the button again or a link closes it.
  const menuButton = document.querySelector('.menu-button');
  const drawer = document.getElementById('sidebar');
  if (menuButton && drawer) {
    const setOpen = (open) => {
      root.classList.toggle('nav-open', open);
      menuButton.setAttribute('aria-expanded', String(open));
      menuButton.textContent = open ? 'Close' : 'Menu';
      if (open) {
        root.style.setProperty('--drawer-top', `${document.getElementById('navbar').getBoundingClientRect().bottom}px`);
        const here = drawer.querySelector('[aria-current="page"]') ?? drawer.querySelector('a');
        here?.focus({ preventScroll: true });
        here?.scrollIntoView({ block: 'center' });
      }
    };
    menuButton.addEventListener('click', (event) => {
      event.preventDefault();
      setOpen(!root.classList.contains('nav-open'));
    });
    drawer.addEventListener('click', (event) => {
      if (event.target.closest('a')) setOpen(false);
    });
    addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !root.classList.contains('nav-open')) return;
      setOpen(false);
      menuButton.focus();
    });
  }

  // Menus (switchers, the contextual menu, the folded table of contents): Escape closes the open one and
  // returns focus to its button; a click elsewhere closes it too.
  const MENUS = 'details.switcher[open], details.contextual-menu[open], details.toc-dropdown[open]';
  addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const menu of document.querySelectorAll(MENUS)) {
      menu.open = false;
      if (menu.contains(document.activeElement)) menu.querySelector('summary')?.focus();
    }
  });
  document.addEventListener('click', (event) => {
    for (const menu of document.querySelectorAll(MENUS)) if (!menu.contains(event.target)) menu.open = false;
  });

  // A table or a formula wider than the column scrolls sideways by itself: while it does, it takes
  // focus (a formula as a group named for what it is), so a reader without a mouse can scroll it too.
  // Code blocks always take focus (their <pre> is written so).
  const markScrollable = () => {
    for (const region of document.querySelectorAll('.prose table, .katex-display')) {
      const scrolls = region.scrollWidth > region.clientWidth;
      if (scrolls === region.hasAttribute('tabindex')) continue;
      if (!scrolls) {
        for (const name of ['tabindex', 'role', 'aria-label']) region.removeAttribute(name);
        continue;
      }
      region.tabIndex = 0;
      if (region.tagName === 'TABLE') continue;
      region.setAttribute('role', 'group');
      region.setAttribute('aria-label', 'Formula');
    }
  };
  markScrollable();
  let scrollableQueued = false;
  addEventListener('resize', () => {
    if (scrollableQueued) return;
    scrollableQueued = true;
    requestAnimationFrame(() => {
      scrollableQueued = false;
      markScrollable();
    });
  });

  // The sidebar shows the current page's link: scrolled within the sidebar (never the page) when it is out of view.
  const sidebar = document.querySelector('.sidebar');
  const current = sidebar?.querySelector('[aria-current="page"]');
  if (sidebar && current && sidebar.scrollHeight > sidebar.clientHeight) {
    const top = current.getBoundingClientRect().top - sidebar.getBoundingClientRect().top;
    if (top < 0 || top > sidebar.clientHeight - current.offsetHeight) sidebar.scrollTop += top - sidebar.clientHeight / 3;
  }

  // An anchor no element has may be written as Mintlify slugs headings: docsite-anchors.js finds its heading.
  const landOnAnchor = () => {
    let anchor = location.hash.slice(1);
    try {
      anchor = decodeURIComponent(anchor);
    } catch {}
    if (anchor && !document.getElementById(anchor)) void import('/_docsite/docsite-anchors.js').then(({ landOn }) => landOn(anchor));
  };
  landOnAnchor();
  addEventListener('hashchange', landOnAnchor);

  // The table of contents marks the section being read: the last heading above the upper third of the screen.
  const tocLinks = [...document.querySelectorAll('.toc a[href^="#"]')];
  const sections = tocLinks.map((link) => document.getElementById(decodeURIComponent(link.hash.slice(1)))).filter(Boolean);
  if (sections.length > 0) {
    let marked;
    const markSection = () => {
      const line = innerHeight / 3;
      let at = 0;
      sections.forEach((heading, i) => {
        if (heading.getBoundingClientRect().top <= line) at = i;
      });
      const link = tocLinks.find((l) => decodeURIComponent(l.hash.slice(1)) === sections[at].id);
      if (link === marked) return;
      marked?.removeAttribute('aria-current');
      link?.setAttribute('aria-current', 'location');
      marked = link;
    };
    let queued = false;
    addEventListener(
      'scroll',
      () => {
        if (queued) return;
        queued = true;
        requestAnimationFrame(() => {
          queued = false;
          markSection();
        });
      },
      { passive: true },
    );
    markSection();
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

  // Ask AI: the header's button, Ctrl/Cmd+I and `?assistant` (`?assistant=question` asks it) open the
  // assistant's panel. Its code (docsite-ask.js) loads the first time, as search's does. A site with
  // Ask AI off serves its pages without the button.
  const askButton = document.querySelector('[data-ask-ai-open]');
  if (askButton) {
    let panel;
    const openAsk = async (question) => {
      const opener = document.activeElement;
      panel ??= import('/_docsite/docsite-ask.js').then(({ askPanel }) => askPanel());
      try {
        (await panel).open(question, opener);
      } catch {
        panel = undefined; // a failed load (the network) is tried again at the next open
      }
    };
    askButton.addEventListener('click', () => void openAsk(''));
    document.addEventListener('keydown', (event) => {
      if (event.defaultPrevented || event.altKey || !(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'i') return;
      event.preventDefault();
      void openAsk('');
    });
    const asked = new URLSearchParams(location.search).get('assistant');
    if (asked !== null) void openAsk(asked.trim());
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

  // "Was this page helpful?": Yes or No is recorded at once and opens an optional comment, which Send adds to it.
  const feedback = document.querySelector('.feedback-widget');
  if (feedback) {
    const form = feedback.querySelector('form');
    const status = feedback.querySelector('.feedback-status');
    const answers = feedback.querySelectorAll('[data-helpful]');
    const send = async (url, method, body) => {
      const response = await fetch(url, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error((await response.json().catch(() => ({}))).error ?? `the server answered ${response.status}`);
      return response.status === 204 ? undefined : response.json();
    };
    // The thanks takes the focus from a control that goes away, so keyboard readers keep their place.
    const thank = (text) => {
      status.textContent = text;
      status.tabIndex = -1;
      status.focus();
    };
    let recorded;
    for (const button of answers)
      button.addEventListener('click', async () => {
        for (const other of answers) {
          other.setAttribute('aria-pressed', String(other === button));
          other.disabled = true;
        }
        try {
          recorded = await send(feedback.dataset.endpoint, 'POST', { path: feedback.dataset.path, helpful: button.dataset.helpful === 'true' });
          status.textContent = 'Thanks! Your answer is recorded.';
          form.hidden = false;
          form.elements.comment.focus();
        } catch (error) {
          for (const other of answers) other.disabled = false;
          thank(`Your feedback was not sent: ${error.message}`);
        }
      });
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const comment = form.elements.comment.value.trim();
      const sendButton = form.querySelector('button');
      sendButton.disabled = true;
      try {
        if (comment) await send(`${feedback.dataset.endpoint}/${recorded.id}`, 'PATCH', { comment });
        feedback.querySelector('.feedback-ask').hidden = form.hidden = true;
        thank('Thanks for your feedback!');
      } catch (error) {
        status.textContent = `Your comment was not sent: ${error.message}`;
        sendButton.disabled = false;
      }
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

  // API playground: build the request from the form and send it through the site's proxy
  // (`data-proxy`, so the API's CORS policy does not matter) or from the reader's browser.
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
        const answer = form.dataset.proxy
          ? await throughProxy(form.dataset.proxy, {
              page: form.dataset.page,
              method,
              url,
              headers: Object.fromEntries(headers),
              body: hasBody ? JSON.stringify(body) : undefined,
            })
          : await fetch(url, { method, headers, body: hasBody ? JSON.stringify(body) : undefined, credentials: form.dataset.credentials ?? 'omit' }).then(
              async (response) => ({
                status: response.status,
                statusText: response.statusText,
                body: await response.text(),
              }),
            );
        output.textContent = `${answer.status} ${answer.statusText}\n\n${pretty(answer.body)}`;
      } catch (error) {
        output.textContent = form.dataset.proxy
          ? `The request failed: ${error.message}`
          : `The request failed: ${error.message}. The API may not allow requests from this site (CORS), or the URL is unreachable.`;
      }
    });
  }
  /** The API's answer as the proxy relays it; the proxy's own refusals are errors. */
  const throughProxy = async (path, request) => {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
      credentials: 'same-origin',
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(answer.error ?? `the proxy answered ${response.status}`);
    return answer;
  };
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
