// A validation problem, reported as `file: json.path: what was expected`.

export interface Issue {
  file: string;
  path: string;
  message: string;
}

export function formatIssue(issue: Issue): string {
  return `${issue.file}: ${issue.path || '(top)'}: ${issue.message}`;
}

/** JSON path text for a key list: `sections[0].label.pattern`. */
export function jsonPath(keys: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const key of keys) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$-]*$/.test(key)) out += out ? `.${key}` : key;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

export class ModuleError extends Error {
  constructor(readonly issues: Issue[]) {
    super(issues.map(formatIssue).join('\n'));
  }
}
