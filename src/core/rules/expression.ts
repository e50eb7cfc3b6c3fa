// The rules expression language: a small infix language in which a module writes conditions and
// computed values (`along-road and memory.road-obstacle == 1`, `ceil(piece.strength / 8)`).
// This file reads the text into a tree; check.ts types the tree against a vocabulary at module
// validation, evaluate.ts computes it. Pure and bounded: a text has at most MAX_LENGTH characters
// and MAX_NODES nodes, and there are no loops, no recursion and no user functions, so the work of
// one evaluation is bounded by the size of the tree (times the length of the lists it reads).
// Grammar: docs/module-format.md, "Rules expressions".
import { parseRational, type Rational } from '../rational.js';

export const MAX_LENGTH = 1000;
export const MAX_NODES = 200;

export type BinaryOp = 'or' | 'and' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'has' | '+' | '-' | '*' | '/';

export type Expr =
  | { k: 'num'; v: Rational }
  | { k: 'str'; v: string }
  | { k: 'bool'; v: boolean }
  | { k: 'prohibited' }
  | { k: 'list'; items: Expr[] }
  | { k: 'name'; name: string }
  | { k: 'call'; fn: string; args: Expr[] }
  | { k: 'neg'; a: Expr }
  | { k: 'not'; a: Expr }
  | { k: 'bin'; op: BinaryOp; a: Expr; b: Expr }
  | { k: 'if'; c: Expr; t: Expr; e: Expr };

export class ExpressionError extends Error {
  constructor(message: string, readonly at?: number) { super(message); }
}

type Token = { t: 'num' | 'str' | 'name' | 'op'; v: string; at: number };

// A name is a lower-case word that may hold digits, '-', '_' and '.' (ids such as road-obstacle,
// paths such as piece.strength); so a binary minus after a name needs spaces around it: `a - 1`.
const NAME = /[a-z_][a-z0-9_-]*(?:\.[a-z0-9_][a-z0-9_-]*)*/y;
const NUMBER = /\d+/y;
const OPS = ['==', '!=', '<=', '>=', '<', '>', '+', '-', '*', '/', '(', ')', '[', ']', ','];
const WORDS = new Set(['and', 'or', 'not', 'in', 'has', 'if', 'then', 'else', 'true', 'false', 'prohibited']);

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n') { i++; continue; }
    if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      if (end < 0) throw new ExpressionError(`unterminated text starting at character ${i + 1}`, i);
      out.push({ t: 'str', v: text.slice(i + 1, end), at: i });
      i = end + 1; continue;
    }
    NUMBER.lastIndex = i;
    const n = NUMBER.exec(text);
    if (n) { out.push({ t: 'num', v: n[0], at: i }); i += n[0].length; continue; }
    NAME.lastIndex = i;
    const m = NAME.exec(text);
    if (m) {
      const word = m[0].replace(/-+$/, ''); // `a-` then a space: the '-' is an operator
      out.push({ t: WORDS.has(word) ? 'op' : 'name', v: word, at: i });
      i += word.length; continue;
    }
    const op = OPS.find((o) => text.startsWith(o, i));
    if (!op) throw new ExpressionError(`unexpected "${c}" at character ${i + 1}`, i);
    out.push({ t: 'op', v: op, at: i });
    i += op.length;
  }
  return out;
}

class Parser {
  private i = 0;
  nodes = 0;
  constructor(private readonly tokens: Token[], private readonly text: string) {}

  private peek(): Token | undefined { return this.tokens[this.i]; }
  private isOp(v: string): boolean { const t = this.peek(); return t?.t === 'op' && t.v === v; }
  private take(v: string): void {
    if (!this.isOp(v)) throw this.error(`expected "${v}"`);
    this.i++;
  }
  private error(what: string): ExpressionError {
    const t = this.peek();
    return new ExpressionError(t ? `${what} at character ${t.at + 1} ("${t.v}")` : `${what} at the end of "${this.text}"`, t?.at);
  }
  private node<E extends Expr>(e: E): E {
    if (++this.nodes > MAX_NODES) throw new ExpressionError(`more than ${MAX_NODES} terms: split the rule`);
    return e;
  }

  whole(): Expr {
    const e = this.expr();
    if (this.peek()) throw this.error('unexpected text');
    return e;
  }

  private expr(): Expr {
    if (this.isOp('if')) {
      this.i++;
      const c = this.expr(); this.take('then');
      const t = this.expr(); this.take('else');
      return this.node({ k: 'if', c, t, e: this.expr() });
    }
    return this.or();
  }
  private or(): Expr {
    let a = this.and();
    while (this.isOp('or')) { this.i++; a = this.node({ k: 'bin', op: 'or', a, b: this.and() }); }
    return a;
  }
  private and(): Expr {
    let a = this.not();
    while (this.isOp('and')) { this.i++; a = this.node({ k: 'bin', op: 'and', a, b: this.not() }); }
    return a;
  }
  private not(): Expr {
    if (this.isOp('not')) { this.i++; return this.node({ k: 'not', a: this.not() }); }
    return this.comparison();
  }
  private comparison(): Expr {
    const a = this.sum();
    const t = this.peek();
    if (t?.t === 'op' && ['==', '!=', '<', '<=', '>', '>=', 'in', 'has'].includes(t.v)) {
      this.i++;
      return this.node({ k: 'bin', op: t.v as BinaryOp, a, b: this.sum() });
    }
    return a;
  }
  private sum(): Expr {
    let a = this.product();
    for (let t = this.peek(); t?.t === 'op' && (t.v === '+' || t.v === '-'); t = this.peek()) {
      this.i++; a = this.node({ k: 'bin', op: t.v, a, b: this.product() });
    }
    return a;
  }
  private product(): Expr {
    let a = this.unary();
    for (let t = this.peek(); t?.t === 'op' && (t.v === '*' || t.v === '/'); t = this.peek()) {
      this.i++; a = this.node({ k: 'bin', op: t.v, a, b: this.unary() });
    }
    return a;
  }
  private unary(): Expr {
    if (this.isOp('-')) { this.i++; return this.node({ k: 'neg', a: this.unary() }); }
    return this.primary();
  }
  private primary(): Expr {
    const t = this.peek();
    if (!t) throw this.error('expected a value');
    this.i++;
    if (t.t === 'num') return this.node({ k: 'num', v: parseRational(t.v)! });
    if (t.t === 'str') return this.node({ k: 'str', v: t.v });
    if (t.t === 'name') {
      if (!this.isOp('(')) return this.node({ k: 'name', name: t.v });
      this.i++;
      const args: Expr[] = [];
      if (!this.isOp(')')) {
        args.push(this.expr());
        while (this.isOp(',')) { this.i++; args.push(this.expr()); }
      }
      this.take(')');
      return this.node({ k: 'call', fn: t.v, args });
    }
    if (t.v === 'true' || t.v === 'false') return this.node({ k: 'bool', v: t.v === 'true' });
    if (t.v === 'prohibited') return this.node({ k: 'prohibited' });
    if (t.v === '(') { const e = this.expr(); this.take(')'); return e; }
    if (t.v === '[') {
      const items: Expr[] = [];
      if (!this.isOp(']')) {
        items.push(this.expr());
        while (this.isOp(',')) { this.i++; items.push(this.expr()); }
      }
      this.take(']');
      return this.node({ k: 'list', items });
    }
    this.i--;
    throw this.error('expected a value');
  }
}

/** Reads an expression; a number in a module file is read as that number. Throws ExpressionError. */
export function parseExpression(source: string | number | boolean): Expr {
  if (typeof source === 'number') {
    const v = parseRational(source);
    if (!v) throw new ExpressionError(`${source} is not an integer`);
    return { k: 'num', v };
  }
  if (typeof source === 'boolean') return { k: 'bool', v: source };
  if (source.length > MAX_LENGTH) throw new ExpressionError(`longer than ${MAX_LENGTH} characters`);
  const tokens = tokenize(source);
  if (!tokens.length) throw new ExpressionError('empty expression');
  return new Parser(tokens, source).whole();
}
