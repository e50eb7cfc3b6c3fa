// `hexpost replay`: a finished (or running) game step by step, one segment a step: its commands
// and what they did, its rolls, the warnings the players let stand, and the pieces it changed.
// On a terminal: ←/→ (or n/p) step, g<seq>⏎ goes to a segment, q quits. Piped: plain lines.
import type { Command } from 'commander';
import type { GameEvent } from '../core/engine/events.js';
import { initialState } from '../core/engine/initial-state.js';
import type { GameState } from '../core/engine/state.js';
import type { LogFile } from '../log/log-file.js';
import type { VerifiedLog } from '../log/verify.js';
import { rollLine } from '../export/game-panel.js';
import { segmentEvents } from '../core/protocol/segment-events.js';
import { cardIndex } from './card-label.js';
import { describeEvent } from './describe.js';
import { CliError, EXIT_USAGE } from './exit.js';
import { readLogFile, verifyForPlayer } from './log-io.js';
import { printJson, type Output } from './output.js';
import { voidedBy } from '../core/protocol/takeback.js';
import { takebackText } from './takeback-text.js';
import { replaySinceMine } from './replay-since-mine.js';

export interface ReplayStep {
  /** 0 = the scenario's start */
  seq: number;
  author: string | null;
  time: string | null;
  turn: number;
  phase: string;
  active: string;
  commands: { command: string; undone: boolean; events: string[] }[];
  rolls: string[];
  warnings: string[];
  /** what changed on the map and off it: pieces, markers on locations, tracks */
  changes: string[];
  /** the heading, when the step is a part of a segment (replay --since-mine) */
  title?: string;
  /** the segment whose take-back agreement voided this one's commands */
  voided?: number;
  /** what the segment's take-back part says ("take-back proposed: …", "take-back agreed: …") */
  takeback?: string;
}

export interface GameSteps {
  v: VerifiedLog;
  /** the state at the start, then after each segment */
  states: GameState[];
}

/** Verifies the log, keeping the state after every segment. */
export async function verifySteps(o: Output, log: LogFile): Promise<GameSteps> {
  const states: GameState[] = [];
  const v = await verifyForPlayer(o, log, { onSegment: (_b, state) => states.push(structuredClone(state)) });
  states.unshift(initialState(v.game));
  return { v, states };
}

export function replaySteps({ v, states }: GameSteps): ReplayStep[] {
  const cards = cardIndex(v.module.decks);
  const say = (e: GameEvent) => describeEvent(e, cards);
  return states.map((state, i) => {
    const body = i ? v.log.segments[i - 1]!.body : null;
    const events = body ? segmentEvents(body) : [];
    return {
      seq: i, author: body?.author ?? null, time: body?.time ?? null,
      turn: state.turn, phase: state.phase, active: state.active,
      commands: [
        ...(body?.resolutions?.length ? [{ command: '(resolved by this reply)', undone: false, events: (body.resolutions as GameEvent[]).map(say) }] : []),
        ...(body?.entries ?? []).map((e) => ({ command: e.command, undone: !!e.void, events: (e.events as GameEvent[]).map(say) })),
      ],
      rolls: events.flatMap(rollLine),
      warnings: events.flatMap((e) => e.warnings?.map((w) => w.message) ?? []),
      changes: i ? stateChanges(states[i - 1]!, state) : [],
      ...(i && voidedBy(v.takebacks, i) ? { voided: voidedBy(v.takebacks, i)!.agreed } : {}),
      ...(body && takebackText(body, v.takebacks) ? { takeback: takebackText(body, v.takebacks)! } : {}),
    };
  });
}

/** What differs between two states, one line per piece, location or track. */
export function stateChanges(a: GameState, b: GameState): string[] {
  const out: string[] = [];
  for (const [id, q] of Object.entries(b.pieces)) {
    const p = a.pieces[id];
    if (!p) continue;
    const what: string[] = [];
    if (p.location !== q.location) what.push(`${p.location ?? '(off map)'} → ${q.location ?? '(off map)'}`);
    if (p.face !== q.face) what.push(`face ${p.face} → ${q.face}`);
    if (p.facing !== q.facing) what.push(`facing ${p.facing ?? '—'} → ${q.facing ?? '—'}`);
    const added = q.markers.filter((m) => !p.markers.includes(m));
    const removed = p.markers.filter((m) => !q.markers.includes(m));
    if (added.length) what.push(`+${added.join(' +')}`);
    if (removed.length) what.push(`−${removed.join(' −')}`);
    for (const k of new Set([...Object.keys(p.values), ...Object.keys(q.values)])) {
      if (p.values[k] !== q.values[k]) what.push(`${k} ${p.values[k] ?? '—'} → ${q.values[k] ?? '—'}`);
    }
    if (what.length) out.push(`${id}: ${what.join(', ')}`);
  }
  for (const at of new Set([...Object.keys(a.markers), ...Object.keys(b.markers)])) {
    const was = a.markers[at] ?? [], now = b.markers[at] ?? [];
    const added = now.filter((m) => !was.includes(m)), removed = was.filter((m) => !now.includes(m));
    if (added.length || removed.length) out.push(`${at}: ${[...added.map((m) => `+${m}`), ...removed.map((m) => `−${m}`)].join(' ')}`);
  }
  for (const t of new Set([...Object.keys(a.tracks), ...Object.keys(b.tracks)])) {
    if (a.tracks[t] !== b.tracks[t]) out.push(`track ${t}: ${a.tracks[t] ?? '—'} → ${b.tracks[t] ?? '—'}`);
  }
  return out;
}

export function stepLines(s: ReplayStep, total: number): string[] {
  const lines = [s.title
    ? `— ${s.title} — turn ${s.turn}, ${s.phase}, ${s.active} active`
    : s.seq
      ? `— segment ${s.seq} of ${total} by ${s.author} at ${s.time} — turn ${s.turn}, ${s.phase}, ${s.active} active${s.voided ? ` — voided by the take-back agreed in segment ${s.voided}` : ''}${s.takeback ? ` — ${s.takeback}` : ''}`
      : `— start of the game (${total} segment${total === 1 ? '' : 's'}) — turn ${s.turn}, ${s.phase}, ${s.active} active`];
  for (const c of s.commands) {
    lines.push(`  > ${c.command}${c.undone ? '   (undone)' : ''}`);
    for (const e of c.events) lines.push(`      ${e}`);
  }
  if (s.rolls.length) lines.push(`  rolls: ${s.rolls.join(' · ')}`);
  if (s.warnings.length) { lines.push('  warnings:'); for (const w of s.warnings) lines.push(`    ⚠ ${w}`); }
  if (s.changes.length) { lines.push('  changed:'); for (const c of s.changes) lines.push(`    ${c}`); }
  return lines;
}

/** What the keyboard can do; reads keys from a raw-mode stream until q. */
export interface KeyInput {
  on(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  off(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  setRawMode?(raw: boolean): unknown;
  resume?(): unknown;
  pause?(): unknown;
}

const HELP = '←/→ or p/n step · Home/End first/last · g<seq>⏎ go to · q quit';

export function interactiveReplay(steps: ReplayStep[], input: KeyInput, write: (text: string) => void, start = 0): Promise<void> {
  const last = steps.length - 1;
  let at = Math.min(Math.max(0, start), last);
  let typing: string | null = null;
  const draw = () => {
    write(`\x1b[2J\x1b[H${stepLines(steps[at]!, last).join('\n')}\n\n[${at}/${last}] ${typing !== null ? `go to segment: ${typing}_` : HELP}\n`);
  };
  return new Promise((resolve) => {
    const onKey = (chunk: Buffer | string) => {
      const k = chunk.toString();
      if (typing !== null) {
        if (/^\d+$/.test(k)) typing += k;
        else if (k === '\r' || k === '\n') { at = Math.min(Number(typing || at), last); typing = null; }
        else if (k === '\x7f' || k === '\b') typing = typing.slice(0, -1);
        else if (k === '\x1b' || k === 'q') typing = null;
        draw();
        return;
      }
      if (k === 'q' || k === '\x03' || k === '\x04') {
        input.off('data', onKey);
        input.setRawMode?.(false);
        input.pause?.();
        resolve();
        return;
      }
      if (k === '\x1b[C' || k === 'n' || k === ' ' || k === 'l' || k === 'j') at = Math.min(at + 1, last);
      else if (k === '\x1b[D' || k === 'p' || k === 'h' || k === 'k') at = Math.max(at - 1, 0);
      else if (k === '\x1b[H' || k === '\x1b[1~' || k === '0') at = 0;
      else if (k === '\x1b[F' || k === '\x1b[4~' || k === '$') at = last;
      else if (k === 'g') typing = '';
      draw();
    };
    input.setRawMode?.(true);
    input.resume?.();
    input.on('data', onKey);
    draw();
  });
}

export function registerReplayCommand(program: Command, o: Output): void {
  program.command('replay')
    .description('step through a game segment by segment (keys on a terminal; plain lines when piped)')
    .argument('<log>', 'the game log')
    .option('--at <seq>', 'start at (piped: show only) segment <seq>; 0 is the start', (x) => Number.parseInt(x, 10))
    .option('--since-mine', 'catch up before you play: every segment since your own last one, combat by combat')
    .option('--key <file>', 'with --since-mine: your private key (says which side you are)')
    .option('--side <side>', 'with --since-mine: your side, instead of --key')
    .option('--passphrase-env <var>', 'environment variable holding your key\'s passphrase')
    .option('--json', 'every step as JSON')
    .action(async (path: string, opts: { at?: number; sinceMine?: boolean; key?: string; side?: string; passphraseEnv?: string; json?: boolean }) => {
      const log = await readLogFile(path);
      if (opts.sinceMine) { await replaySinceMine(o, log, opts); return; }
      if (opts.at !== undefined && (!Number.isInteger(opts.at) || opts.at < 0 || opts.at > log.segments.length)) {
        throw new CliError(`--at must be a segment from 0 to ${log.segments.length}`, EXIT_USAGE);
      }
      const steps = replaySteps(await verifySteps(o, log));
      if (opts.json) { printJson(o, { steps }); return; }
      const stdin = process.stdin;
      if (o.tty && stdin.isTTY) {
        await interactiveReplay(steps, stdin, (t) => o.out(t), opts.at ?? 0);
        return;
      }
      // `replay log | head` closes the pipe early: that is the reader's choice, not an error.
      process.stdout.on('error', (e: NodeJS.ErrnoException) => { if (e.code === 'EPIPE') process.exit(0); });
      const shown = opts.at !== undefined ? [steps[opts.at]!] : steps;
      for (const s of shown) o.out(stepLines(s, steps.length - 1).join('\n'));
    });
}
