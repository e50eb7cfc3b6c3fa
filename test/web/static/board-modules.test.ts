// The board page's ES modules (src/web/static/board/*.js) are plain JavaScript that no compiler
// checks: TypeScript reads them here for what a split can break — a name used but not imported
// or defined, an import of a name no module exports, an import or variable left unused — and the
// files stay within the house limits.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const DIR = join(import.meta.dirname, '../../../src/web/static/board');
const files = readdirSync(DIR).filter((f) => f.endsWith('.js')).map((f) => join(DIR, f));

/** TypeScript's codes for unknown names, missing exports, and unused locals or imports. */
const BROKEN = new Set([2304, 2305, 2552, 2724, 2614, 2300, 2451, 6133, 6192, 6196, 6198]);

describe('board page modules', () => {
  it('use only names they define or import, import only what is exported, leave nothing unused', () => {
    const program = ts.createProgram(files, {
      allowJs: true, checkJs: true, noEmit: true, noUnusedLocals: true, noUnusedParameters: false,
      module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], types: [],
    });
    const found = ts.getPreEmitDiagnostics(program).filter((d) => BROKEN.has(d.code)).map((d) => {
      const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
      return `${d.file?.fileName.slice(DIR.length + 1)}:${at ? at.line + 1 : '?'}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
    });
    expect(found).toEqual([]);
  });

  it('are one concept each, under 400 lines', () => {
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) expect(readFileSync(f, 'utf8').split('\n').length, f).toBeLessThan(400);
  });
});
