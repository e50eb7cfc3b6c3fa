// The text form of commands: one per line, `#` starts a comment (outside quotes), words are
// separated by blanks, double-quoted strings may hold blanks (\" and \\ escape). Every error names
// the line, so a player can fix his orders file.
import { Command, type Amount } from './commands.js';
import { EngineError } from './errors.js';

export interface ParsedLine {
  /** 1-based line number in the script */
  line: number;
  /** the command as written (comment and surrounding blanks removed) */
  text: string;
  command: Command;
}

/** A word of a command line; `quoted` says it came (at least partly) from a quoted string. */
interface Word { text: string; quoted: boolean }

/** Parses a whole script; throws the first EngineError (with its line). Blank and comment lines are skipped. */
export function parseScript(text: string, firstLine = 1): ParsedLine[] {
  const out: ParsedLine[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const parsed = parseLine(raw, firstLine + i);
    if (parsed) out.push(parsed);
  });
  return out;
}

/** Parses one line; null for a blank or comment-only line. */
export function parseLine(raw: string, line?: number): ParsedLine | null {
  const { words, text } = split(raw, line);
  if (words.length === 0) return null;
  try {
    return { line: line ?? 0, text, command: build(words) };
  } catch (e) {
    if (e instanceof EngineError) throw e.at(line, text);
    throw e;
  }
}

/** Checks a JSON command (from a log or a tool) and returns it typed; throws EngineError. */
export function commandFromJson(value: unknown, line?: number): Command {
  const r = Command.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const path = issue.path.length ? ` at ${issue.path.join('.')}` : '';
  throw new EngineError(`not a command${path}: ${issue.message}`, line);
}

function split(raw: string, line?: number): { words: Word[]; text: string } {
  const words: Word[] = [];
  let cur: Word | null = null;
  let end = raw.length;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!;
    if (ch === '#') { end = i; break; }
    if (ch === ' ' || ch === '\t') { if (cur) { words.push(cur); cur = null; } continue; }
    cur ??= { text: '', quoted: false };
    if (ch !== '"') { cur.text += ch; continue; }
    cur.quoted = true;
    let closed = false;
    for (i++; i < raw.length; i++) {
      const c = raw[i]!;
      if (c === '\\' && i + 1 < raw.length) { cur.text += raw[++i]; continue; }
      if (c === '"') { closed = true; break; }
      cur.text += c;
    }
    if (!closed) throw new EngineError('unclosed double quote', line, raw.trim());
  }
  if (cur) words.push(cur);
  return { words, text: raw.slice(0, end).trim() };
}

const INT = /^[+-]?\d+$/;

function build(words: Word[]): Command {
  const verb = words[0]!.text;
  const args = words.slice(1);
  const n = args.length;
  const arity = (min: number, max: number, usage: string) => {
    if (n < min || n > max) throw new EngineError(`usage: ${usage}`);
  };
  const w = (i: number) => args[i]!.text;
  switch (verb) {
    case 'move': {
      const o = options(args, ['mode']);
      if (o.rest.length < 2) throw new EngineError('usage: move <piece> <location> [<location> …] [--mode <mode>]');
      return { verb, piece: o.rest[0]!.text, path: o.rest.slice(1).map((a) => a.text), ...o.values };
    }
    case 'rotate': {
      const o = options(args, ['mode']);
      if (o.rest.length !== 2) throw new EngineError('usage: rotate <piece> <+n|-n|n> [--mode <mode>]');
      return { verb, piece: o.rest[0]!.text, amount: amount(o.rest[1]!, 'rotate'), ...o.values };
    }
    case 'flip': {
      const o = options(args, ['mode', 'facing']);
      if (o.rest.length < 1 || o.rest.length > 2) throw new EngineError('usage: flip <piece> [<face>] [--facing <0-5>] [--mode <mode>]');
      const { facing, ...rest } = o.values;
      if (facing !== undefined && !/^[0-5]$/.test(facing)) throw new EngineError(`--facing takes 0 to 5, not "${facing}"`);
      return {
        verb, piece: o.rest[0]!.text, ...(o.rest.length === 2 ? { face: o.rest[1]!.text } : {}),
        ...(facing !== undefined ? { facing: Number(facing) } : {}), ...rest,
      };
    }
    case 'mark': case 'unmark':
      arity(2, 2, `${verb} <target> <marker>`);
      return { verb, target: w(0), marker: w(1) };
    case 'set': {
      arity(2, 2, 'set <piece> <property>=<value>');
      const [prop, value] = assignment(args[1]!);
      if (value === undefined) throw new EngineError('usage: set <piece> <property>=<value>');
      return { verb, piece: w(0), prop, value };
    }
    case 'track':
      arity(2, 2, 'track <track> <+n|-n|n>');
      return { verb, track: w(0), amount: amount(args[1]!, 'track') };
    case 'stack':
      arity(2, 2, 'stack <piece> top|bottom');
      if (w(1) !== 'top' && w(1) !== 'bottom') throw new EngineError(`expected "top" or "bottom", got "${w(1)}"`);
      return { verb, piece: w(0), position: w(1) as 'top' | 'bottom' };
    case 'roll':
      arity(1, 2, 'roll <dice> ["purpose"]');
      return n === 2 ? { verb, dice: w(0), purpose: w(1) } : { verb, dice: w(0) };
    case 'resolve':
      arity(1, Infinity, 'resolve <procedure> [<modifier>[=<value>] …]');
      return {
        verb, procedure: w(0),
        modifiers: args.slice(1).map((a) => {
          const [id, value] = assignment(a);
          return value === undefined ? { id } : { id, value };
        }),
      };
    case 'draw': {
      arity(1, 2, 'draw <deck> [n]');
      if (n === 1) return { verb, deck: w(0) };
      if (!/^\d+$/.test(w(1)) || Number(w(1)) < 1) throw new EngineError(`expected a number of cards ≥ 1, got "${w(1)}"`);
      return { verb, deck: w(0), count: Number(w(1)) };
    }
    case 'play':
      if (n === 1) return { verb, card: w(0) };
      if (n === 3 && w(1) === 'as') return { verb, card: w(0), use: w(2) };
      throw new EngineError('usage: play <card> [as <use>]');
    case 'discard':
      arity(1, 1, 'discard <card>');
      return { verb, card: w(0) };
    case 'shuffle':
      arity(1, 1, 'shuffle <deck>');
      return { verb, deck: w(0) };
    case 'add-cards':
      arity(2, 2, 'add-cards <deck> <set>');
      return { verb, deck: w(0), set: w(1) };
    case 'next':
      arity(0, 1, 'next [phase]');
      if (n === 1 && w(0) !== 'phase') throw new EngineError(`expected "next" or "next phase", got "next ${w(0)}"`);
      return n === 1 ? { verb, to: 'phase' } : { verb };
    case 'reveal-hand': case 'undo':
      arity(0, 0, verb);
      return { verb };
    case 'note':
      arity(1, 1, 'note "<text>"');
      return { verb, text: w(0) };
    case 'lose':
      arity(1, 2, 'lose <piece> [<points>]');
      if (n === 1) return { verb, piece: w(0) };
      if (!/^[1-9][0-9]{0,5}$/.test(w(1))) throw new EngineError(`lose ${w(0)} ${w(1)}: the points are a whole number, at least 1`);
      return { verb, piece: w(0), points: Number(w(1)) };
    case 'retreat':
      arity(2, 1000, 'retreat <piece> <hex> [<hex>…]');
      return { verb, piece: w(0), path: args.slice(1).map((a) => a.text) };
    case 'advance':
      arity(1, 1000, 'advance <piece> [<hex>…]');
      return n === 1 ? { verb, piece: w(0) } : { verb, piece: w(0), path: args.slice(1).map((a) => a.text) };
    case 'delay': {
      const o = options(args, ['faces']);
      const r = o.rest.map((a) => a.text);
      if (r.length < 2 || r.length > 3) throw new EngineError('usage: delay <piece> <turns> [<hex>] [--faces <face>,<face>…]');
      if (!/^[1-9][0-9]{0,2}$/.test(r[1]!)) throw new EngineError(`delay ${r[0]} ${r[1]}: the turns are a whole number, at least 1`);
      const faces = o.values.faces?.split(',');
      if (faces?.some((f) => !f)) throw new EngineError(`--faces takes face ids separated by commas, not "${o.values.faces}"`);
      return { verb, piece: r[0]!, turns: Number(r[1]), ...(r[2] !== undefined ? { at: r[2] } : {}), ...(faces ? { faces } : {}) };
    }
    default:
      throw new EngineError(`unknown command "${verb}" (expected one of: move rotate flip mark unmark set track stack roll resolve draw play discard shuffle add-cards reveal-hand next note undo lose retreat advance delay)`);
  }
}

/** `--name value` options (unquoted) among a command's words; the other words in order. */
function options(args: Word[], names: readonly string[]): { rest: Word[]; values: Record<string, string> } {
  const rest: Word[] = [];
  const values: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.quoted || !a.text.startsWith('--')) { rest.push(a); continue; }
    const name = a.text.slice(2);
    if (!names.includes(name)) throw new EngineError(`unknown option "${a.text}" (options here: ${names.map((n) => `--${n}`).join(' ')})`);
    const v = args[++i];
    if (!v) throw new EngineError(`${a.text} needs a value`);
    values[name] = v.text;
  }
  return { rest, values };
}

function amount(word: Word, verb: string): Amount {
  const t = word.text;
  if (word.quoted || !INT.test(t)) throw new EngineError(`${verb}: expected +n, -n or n, got "${t}"`);
  const v = Number(t);
  if (!Number.isSafeInteger(v)) throw new EngineError(`${verb}: ${t} is too large`);
  return t[0] === '+' || t[0] === '-' ? { by: v } : { to: v };
}

/** "name=value" → [name, value]; an unquoted integer value is a number, anything else a string. */
function assignment(word: Word): [string, number | string | undefined] {
  const eq = word.text.indexOf('=');
  if (eq < 0) return [word.text, undefined];
  const name = word.text.slice(0, eq);
  const value = word.text.slice(eq + 1);
  if (!name) throw new EngineError(`"${word.text}": a name is missing before "="`);
  // a leading zero is a hex label (a location bind, spot=0707), not an amount: it stays text
  if (!word.quoted && INT.test(value) && !/^[+-]?0\d/.test(value) && Number.isSafeInteger(Number(value))) return [name, Number(value)];
  return [name, value];
}
