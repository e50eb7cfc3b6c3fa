// `hexpost history`: segment by segment — author, time, commands, rolls, draws (hidden ones counted).
import type { Command } from 'commander';
import { battleReport } from '../core/engine/battle-report.js';
import type { GameEvent } from '../core/engine/events.js';
import type { Game } from '../core/engine/game.js';
import { segmentEvents } from '../core/protocol/segment-events.js';
import type { LogFile } from '../log/log-file.js';
import { cardIndex } from './card-label.js';
import { describeEvent } from './describe.js';
import { readLogFile, verifyForPlayer } from './log-io.js';
import { printJson, type Output } from './output.js';
import type { TakebackField } from '../core/protocol/bodies.js';
import { emptyLedger, voidedBy, type TakebackLedger } from '../core/protocol/takeback.js';
import { takebackHeading } from './takeback-text.js';

export interface HistorySegment {
  seq: number;
  author: string;
  time: string;
  epoch: number;
  commands: string[];
  /** outcomes this segment holds: the sealed ones it resolves (by = the roller) and immediate ones */
  rolls: {
    purpose: string; dice: string; faces: number[]; total: number; void: boolean; counter: number; by: string;
    how: 'sealed' | 'immediate' | 'unsealed'; free?: true; modifiers?: { id: string; value: number }[]; result?: string;
  }[];
  /** sealed commitments made in this segment: their outcomes come with the reply */
  sealed: { id: string; kind: string; command?: string; deck?: string; count?: number; void: boolean }[];
  draws: { deck: string; count: number; hidden: boolean; cards?: string[]; void: boolean }[];
  /** cards played, with their title and printed values (Paths of Glory: ops, sr, rp, ws) */
  plays: { card: string; use?: string; name?: string; values?: Record<string, number | string> }[];
  /** each roll bound to pieces told as a battle report ("Wood farm (0304): assault, … → D1: …") */
  reports: string[];
  warnings: string[];
  reveals: { dice: boolean; hidden: number[] };
  final: boolean;
  /** the segment whose acceptance voided this one's commands (take-backs; its rolls stay) */
  voided?: number;
  /** the take-back this segment proposes or answers */
  takeback?: TakebackField;
}

/** The battle reports of a list of events: one per `resolved` bound to pieces, with its effects. */
export function reportsOf(game: Game, events: readonly GameEvent[]): string[] {
  return events.flatMap((e, i) => {
    const r = e.type === 'resolved' ? battleReport(game, e, events.slice(i + 1)) : null;
    return r === null ? [] : [r];
  });
}

export function historyOf(log: LogFile, game: Game, takebacks: TakebackLedger = emptyLedger()): HistorySegment[] {
  const cards = cardIndex(game.module.decks);
  return log.segments.map((s) => {
    const b = s.body;
    const events = segmentEvents(b);
    const how = (e: { sealed?: string; immediate?: true }) => (e.sealed !== undefined ? 'sealed' as const : e.immediate ? 'immediate' as const : 'unsealed' as const);
    return {
      seq: b.seq, author: b.author, time: b.time, epoch: b.epoch,
      commands: b.entries.map((e) => (e.void ? `${e.command}  # undone` : e.command)),
      rolls: events.flatMap((e): HistorySegment['rolls'] => (e.type === 'rolled'
        ? [{ purpose: e.purpose ?? '', dice: e.dice, faces: e.faces, total: e.total, void: !!e.void, counter: e.counter, by: e.side ?? b.author, how: how(e), free: true as const }]
        : e.type === 'resolved'
          ? [{ purpose: e.procedure, dice: e.dice, faces: e.faces, total: e.total, void: !!e.void, counter: e.counter, by: e.side ?? b.author, how: how(e), modifiers: e.modifiers, result: e.result }]
          : [])),
      sealed: events.flatMap((e) => (e.type === 'sealed'
        ? [{ id: e.id, kind: e.kind, ...(e.command ? { command: e.command } : {}), ...(e.deck ? { deck: e.deck } : {}), ...(e.indices ? { count: e.indices.length } : {}), void: !!e.void }]
        : [])),
      draws: events.flatMap((e) => (e.type === 'drew'
        ? (e.sealed !== undefined ? [] : [{ deck: e.deck, count: e.cards?.length ?? e.draws?.length ?? 0, hidden: !e.cards, ...(e.cards ? { cards: e.cards } : {}), void: !!e.void }])
        : e.type === 'sealed' && e.kind === 'draw' ? [{ deck: e.deck!, count: e.indices?.length ?? 0, hidden: true, void: !!e.void }] : [])),
      plays: events.flatMap((e) => (e.type === 'played' ? [{ card: e.card, ...(e.use ? { use: e.use } : {}), ...cards.get(e.card) }] : [])),
      reports: reportsOf(game, events),
      warnings: events.flatMap((e) => e.warnings?.map((w) => w.message) ?? []),
      reveals: { dice: !!b.reveal, hidden: (b.hiddenReveals ?? []).map((h) => h.period) },
      final: !!b.final,
      ...(voidedBy(takebacks, b.seq) ? { voided: voidedBy(takebacks, b.seq)!.agreed } : {}),
      ...(b.takeback ? { takeback: b.takeback } : {}),
    };
  });
}

export function registerHistoryCommand(program: Command, o: Output): void {
  program.command('history')
    .description('the game segment by segment: who, when, commands, rolls, draws')
    .argument('<log>', 'the game log')
    .option('--json', 'machine-readable result')
    .action(async (path: string, opts: { json?: boolean }) => {
      const log = await readLogFile(path);
      const v = await verifyForPlayer(o, log);
      const segments = historyOf(log, v.game, v.takebacks);
      if (opts.json) { printJson(o, { segments }); return; }
      const cards = cardIndex(v.module.decks);
      for (const s of log.segments) {
        o.out(`— segment ${s.body.seq} by ${s.body.author} at ${s.body.time} (epoch ${s.body.epoch})${s.body.final ? ' — final' : ''}${takebackHeading(s.body, v.takebacks)}`);
        const resolutions = (s.body.resolutions ?? []) as GameEvent[];
        for (const r of reportsOf(v.game, resolutions)) o.out(`  ⚔ ${r}`);
        for (const ev of resolutions) o.out(`  · ${describeEvent(ev, cards)}`);
        for (const e of s.body.entries) {
          o.out(`  > ${e.command}${e.void ? '   (undone)' : ''}`);
          const events = e.events as GameEvent[];
          if (!e.void) for (const r of reportsOf(v.game, events)) o.out(`    ⚔ ${r}`);
          for (const ev of events) o.out(`      ${describeEvent(ev, cards)}`);
        }
        if (s.body.hiddenReveals?.length) o.out(`  reveals hidden value${s.body.hiddenReveals.length > 1 ? 's' : ''} ${s.body.hiddenReveals.map((h) => `#${h.period}`).join(', ')}`);
      }
    });
}
