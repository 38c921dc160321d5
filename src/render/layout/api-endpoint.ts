// The header of an API page: method badge, full URL, authentication, and the playground mode.
import type { Element, ElementContent } from 'hast';
import { h } from 'hastscript';
import type { ParamFieldModel } from '../../content/index.js';
import { PLAYGROUND_PROXY_PATH, type ResolvedEndpoint as Endpoint } from '../../site/index.js';

/** How the request authenticates, as readers need to know it. */
function authDescription(endpoint: Endpoint): (string | Element)[] {
  switch (endpoint.authMethod) {
    case 'bearer':
      return ['Bearer token in the ', h('code', 'Authorization'), ' header'];
    case 'basic':
      return ['HTTP Basic (username and password) in the ', h('code', 'Authorization'), ' header'];
    case 'key':
      return ['API key in the ', h('code', endpoint.authName ?? 'API key'), ' header'];
    default:
      return ['None'];
  }
}

/**
 * The endpoint section of an API page at `pageUrl` (none for other pages); `params` fill the
 * playground. An `auth` playground is marked for the runtime, which takes it out of the page for
 * readers who are not signed in (runtime/reader-view.ts).
 */
export function apiEndpoint(endpoint: Endpoint | undefined, params: readonly ParamFieldModel[], pageUrl: string): ElementContent[] {
  if (!endpoint) return [];
  const method = endpoint.method.toLowerCase();
  const line = h('div', { className: ['endpoint-line'] }, [
    h('span', { className: ['method', `method-${method}`] }, endpoint.method),
    h('code', { className: ['endpoint-url'] }, endpoint.url),
    h('button', { type: 'button', className: ['copy-button', 'js-only'], dataCopy: `${endpoint.method} ${endpoint.url}` }, 'Copy'),
  ]);
  const auth = h('p', { className: ['endpoint-auth'] }, [h('span', { className: ['endpoint-auth-label'] }, 'Authentication: '), ...authDescription(endpoint)]);
  const parts: ElementContent[] = [line];
  if (endpoint.playground !== 'none' && endpoint.authMethod !== 'none') parts.push(auth);
  if (endpoint.playground === 'interactive' || endpoint.playground === 'auth') parts.push(playground(endpoint, params, pageUrl));
  return [
    h('section', { className: ['api-endpoint', `playground-${endpoint.playground}`], ariaLabel: 'Endpoint', dataPlayground: endpoint.playground }, parts),
  ];
}

/** A form the page script turns into a request, sent through the site's proxy or from the reader's browser (the response is shown below it). */
function playground(endpoint: Endpoint, params: readonly ParamFieldModel[], pageUrl: string): Element {
  const servers =
    endpoint.servers.length > 1
      ? [
          label(
            'Server',
            h(
              'select',
              { name: 'server' },
              endpoint.servers.map((server) => h('option', { value: server }, server)),
            ),
          ),
        ]
      : [];
  const auth = endpoint.authMethod === 'none' ? [] : [authInput(endpoint)];
  const groups = (['path', 'query', 'header', 'body'] as const).flatMap((location) => {
    const list = params.filter((param) => param.location === location);
    if (list.length === 0) return [];
    return [
      h('fieldset', { className: ['playground-params'] }, [
        h('legend', `${location[0]!.toUpperCase()}${location.slice(1)} parameters`),
        ...list.map((param) => paramInput(param, endpoint.prefill)),
      ]),
    ];
  });
  return h(
    'form',
    {
      className: ['playground'],
      // First, where runtime/reader-view.ts looks for it.
      ...(endpoint.playground === 'auth' ? { dataReaders: 'signed-in' } : {}),
      dataMethod: endpoint.method,
      dataUrl: endpoint.servers.length > 0 ? endpoint.target : endpoint.url,
      dataAuthMethod: endpoint.authMethod,
      ...(endpoint.authName ? { dataAuthName: endpoint.authName } : {}),
      ...(endpoint.servers.length === 1 ? { dataServer: endpoint.servers[0] } : {}),
      ...(endpoint.sending.via === 'proxy'
        ? { dataProxy: PLAYGROUND_PROXY_PATH, dataPage: pageUrl }
        : endpoint.sending.credentials
          ? { dataCredentials: 'include' }
          : {}),
    },
    [
      h('p', { className: ['playground-title'] }, 'Try it'),
      ...servers,
      ...auth,
      ...groups,
      h('button', { type: 'submit', className: ['js-only'] }, 'Send request'),
      h('noscript', 'The playground sends the request with JavaScript, which is off.'),
      h('output', { className: ['playground-response'], ariaLive: 'polite' }),
    ],
  );
}

function authInput(endpoint: Endpoint): Element {
  if (endpoint.authMethod === 'basic') {
    return h('div', { className: ['playground-auth'] }, [
      label('Username', h('input', { name: 'auth-username', autocomplete: 'off' })),
      label('Password', h('input', { name: 'auth-password', type: 'password', autocomplete: 'off' })),
    ]);
  }
  const name = endpoint.authMethod === 'key' ? (endpoint.authName ?? 'API key') : 'Bearer token';
  return h('div', { className: ['playground-auth'] }, [label(name, h('input', { name: 'auth-token', type: 'password', autocomplete: 'off' }))]);
}

function paramInput(param: ParamFieldModel, prefill: boolean): Element {
  const type = (param.type ?? 'string').toLowerCase();
  const common = { name: `${param.location}:${param.name}`, required: param.required, dataType: type };
  const filled = prefill ? (param.default ?? param.placeholder) : undefined;
  const control =
    type === 'boolean'
      ? h(
          'select',
          common,
          ['', 'true', 'false'].map((value) => h('option', { value, selected: filled === value && value !== '' }, value || '—')),
        )
      : /object|\[\]|array/.test(type)
        ? h('textarea', { ...common, rows: 3, placeholder: param.placeholder ?? 'JSON' }, filled ?? '')
        : h('input', {
            ...common,
            type: /integer|number/.test(type) ? 'number' : 'text',
            ...((param.placeholder ?? param.default) !== undefined ? { placeholder: param.placeholder ?? param.default } : {}),
            ...(filled !== undefined ? { value: filled } : {}),
          });
  return label(param.name, control, param.type);
}

function label(text: string, control: Element, hint?: string): Element {
  return h('label', { className: ['playground-field'] }, [
    h('span', { className: ['playground-label'] }, [text, ...(hint ? [' ', h('small', hint)] : [])]),
    control,
  ]);
}
