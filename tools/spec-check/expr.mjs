// The rules expressions of docs/module-format.md ("Rules expressions"): the grammar as written there,
// values number (fraction) | 'prohibited' | bool | string | list. Names are looked up in `scope`
// (a function per name); functions in `fns`.
import { add, cmp, div, frac, mul, sub } from './rational.mjs';

export const PROHIBITED = Symbol('prohibited');
const TOKEN = /\s*(?:(\d+)|'([^']*)'|"([^"]*)"|([a-z][a-z0-9._-]*)|(==|!=|<=|>=|[<>+\-*/()[\],]))/y;

function tokenize(src) {
  const out = [];
  TOKEN.lastIndex = 0;
  let m;
  while (TOKEN.lastIndex < src.length && (m = TOKEN.exec(src))) {
    if (m[1] !== undefined) out.push({ num: m[1] });
    else if (m[2] !== undefined || m[3] !== undefined) out.push({ str: m[2] ?? m[3] });
    else if (m[4] !== undefined) out.push({ name: m[4] });
    else out.push({ op: m[5] });
    if (/^\s*$/.test(src.slice(TOKEN.lastIndex))) break;
  }
  if (TOKEN.lastIndex < src.length && !/^\s*$/.test(src.slice(TOKEN.lastIndex))) throw new Error(`cannot read expression: ${src}`);
  return out;
}

const floorOf = (n, d) => n / d - (n < 0n && n % d ? 1n : 0n);
const isNum = (v) => typeof v === 'object' && v !== null && typeof v.n === 'bigint';
const arith = (f) => (a, b) => (a === PROHIBITED || b === PROHIBITED ? PROHIBITED : f(a, b));

export function evaluate(src, scope, fns = {}) {
  if (typeof src === 'boolean') return src;
  if (typeof src === 'number') return frac(src);
  const t = tokenize(String(src));
  let i = 0;
  const peek = () => t[i], isOp = (o) => t[i]?.op === o, isWord = (w) => t[i]?.name === w;
  const expect = (o) => { if (!isOp(o)) throw new Error(`expected ${o} in ${src}`); i++; };
  const expr = () => {
    if (isWord('if')) { i++; const c = expr(); if (!isWord('then')) throw new Error(`then expected: ${src}`); i++; const a = expr(); if (!isWord('else')) throw new Error(`else expected: ${src}`); i++; const b = expr(); return c ? a : b; }
    return or();
  };
  const or = () => { let v = and(); while (isWord('or')) { i++; const w = and(); v = v || w; } return v; };
  const and = () => { let v = not(); while (isWord('and')) { i++; const w = not(); v = v && w; } return v; };
  const not = () => { if (isWord('not')) { i++; return !not(); } return comparison(); };
  const comparison = () => {
    const a = sum();
    const op = peek()?.op ?? (isWord('in') || isWord('has') ? peek().name : null);
    if (!['==', '!=', '<', '<=', '>', '>=', 'in', 'has'].includes(op)) return a;
    i++;
    const b = sum();
    switch (op) {
      case 'in': return b.includes(a);
      case 'has': return a.includes(b);
      case '==': case '!=': {
        const eq = isNum(a) && isNum(b) ? cmp(a, b) === 0 : a === b;
        return op === '==' ? eq : !eq;
      }
      default: {
        const c = cmp(a, b);
        return op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0;
      }
    }
  };
  const sum = () => {
    let v = product();
    while (isOp('+') || isOp('-')) { const o = t[i++].op; const w = product(); v = arith(o === '+' ? add : sub)(v, w); }
    return v;
  };
  const product = () => {
    let v = unary();
    while (isOp('*') || isOp('/')) { const o = t[i++].op; const w = unary(); v = arith(o === '*' ? mul : div)(v, w); }
    return v;
  };
  const unary = () => { if (isOp('-')) { i++; const v = unary(); return v === PROHIBITED ? v : sub(frac(0),
    v); } return primary(); };
  const primary = () => {
    const tok = t[i++];
    if (!tok) throw new Error(`unexpected end: ${src}`);
    if (tok.num !== undefined) return frac(tok.num);
    if (tok.str !== undefined) return tok.str;
    if (tok.op === '(') { const v = expr(); expect(')'); return v; }
    if (tok.op === '[') { const list = [expr()]; while (isOp(',')) { i++; list.push(expr()); } expect(']'); return list; }
    if (tok.name === 'true') return true;
    if (tok.name === 'false') return false;
    if (tok.name === 'prohibited') return PROHIBITED;
    if (tok.name && isOp('(')) {
      i++;
      const args = [];
      if (isOp('[') && t[i + 1]?.op === ']') { i += 2; args.push([]); } else if (!isOp(')')) args.push(expr());
      while (isOp(',')) { i++; if (isOp('[')
        && t[i + 1]?.op === ']') { i += 2; args.push([]); } else args.push(expr()); }
      expect(')');
      return call(tok.name, args);
    }
    if (tok.name) {
      const f = scope[tok.name];
      if (f === undefined) throw new Error(`unsupported name ${tok.name}`);
      return typeof f === 'function' ? f() : f;
    }
    throw new Error(`unexpected ${tok.op} in ${src}`);
  };
  const call = (name, a) => {
    switch (name) {
      case 'min': return a.reduce((x, y) => (x === PROHIBITED ? y : y === PROHIBITED ? x : cmp(x, y) <= 0 ? x : y));
      case 'max': return a.includes(PROHIBITED) ? PROHIBITED : a.reduce((x, y) => (cmp(x, y) >= 0 ? x : y));
      case 'ceil': return frac(-floorOf(-a[0].n, a[0].d));
      case 'floor': return frac(floorOf(a[0].n, a[0].d));
      case 'any': return a[0].some((x) => a[1].includes(x));
      case 'count': return frac(a[0].length);
      default: if (fns[name]) return fns[name](a); throw new Error(`unsupported function ${name}`);
    }
  };
  const v = expr();
  if (i !== t.length) throw new Error(`trailing input in ${src}`);
  return v;
}
