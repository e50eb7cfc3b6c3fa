// What an import could not map, with where it sits in the build file: written beside the module
// as import-report.md and given by `--json`. Nothing is dropped silently.

export interface ReportItem { kind: string; where: string; what: string; count: number }

export class ImportReport {
  readonly items: ReportItem[] = [];
  private readonly byKey = new Map<string, ReportItem>();
  readonly mapped: string[] = [];

  /** One entry per kind and message; repeats are counted, the first place kept. */
  add(kind: string, where: string, what: string): void {
    const key = `${kind}\u0000${what}`;
    const hit = this.byKey.get(key);
    if (hit) { hit.count++; return; }
    const item = { kind, where, what, count: 1 };
    this.items.push(item);
    this.byKey.set(key, item);
  }

  /** A line of what did map, for the report's summary. */
  note(line: string): void { this.mapped.push(line); }

  markdown(title: string, source: string): string {
    let md = `# Import report: ${title}\n\nImported from \`${source}\` by \`hexpost module import\` (docs/vassal-import.md).\n\n## What mapped\n\n`;
    md += this.mapped.map((l) => `- ${l}`).join('\n') + '\n\n## What did not map\n\n';
    if (!this.items.length) return `${md}Nothing: every element was mapped.\n`;
    const kinds = [...new Set(this.items.map((i) => i.kind))];
    for (const k of kinds) {
      md += `### ${k}\n\n| where (first) | what | times |\n|---|---|---|\n`;
      for (const i of this.items.filter((x) => x.kind === k)) md += `| \`${cell(i.where)}\` | ${cell(i.what)} | ${i.count} |\n`;
      md += '\n';
    }
    return md;
  }
}

function cell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
