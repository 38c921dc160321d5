// docs.json redirects: exact paths, `:name` segments and a trailing `:name*` wildcard.

export interface RedirectRule {
  source: string;
  destination: string;
  permanent: boolean;
}

interface CompiledRedirect {
  pattern: RegExp;
  names: string[];
  rule: RedirectRule;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compile(rule: RedirectRule): CompiledRedirect {
  const names: string[] = [];
  const segments = rule.source
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => {
      const param = /^:(\w+)(\*)?$/.exec(segment);
      if (!param) return escapeRegExp(segment);
      names.push(param[1]!);
      return param[2] ? '(.*)' : '([^/]+)';
    });
  return { pattern: new RegExp(`^${segments.join('/') || ''}/?$`), names, rule };
}

/** Finds the redirect for a path; returns the destination with parameters filled in. */
export function redirectMatcher(rules: readonly RedirectRule[]): (path: string) => { location: string; permanent: boolean } | undefined {
  const compiled = rules.map(compile);
  return (path) => {
    for (const { pattern, names, rule } of compiled) {
      const match = pattern.exec(path);
      if (!match) continue;
      const location = names.reduce((to, name, i) => to.replace(new RegExp(`:${name}\\*?`), match[i + 1] ?? ''), rule.destination);
      return { location, permanent: rule.permanent };
    }
    return undefined;
  };
}
