// Events in words, for transcripts, `turn`, `play`, `history` and `replay`.
import type { GameEvent } from '../core/engine/events.js';
import { formatMixed, parseRational } from '../core/rational.js';
import { cardLabel, type CardIndex } from './card-label.js';

const mp = (text: string | undefined) => {
  if (text === undefined) return '';
  const r = parseRational(text);
  return r ? formatMixed(r) : text;
};

/** `cards` (optional) names each card shown with its title and printed values. */
export function describeEvent(e: GameEvent, cards?: CardIndex): string {
  const v = 'void' in e && e.void ? ' (void: undone)' : '';
  const warn = e.warnings?.length ? `  ⚠ ${e.warnings.map((w) => w.message).join('; ')}` : '';
  return describe(e, (id) => cardLabel(cards, id)) + v + warn;
}

/** How an outcome came: sealed (its roller could not foresee it) or immediate (he could). */
function how(e: { sealed?: string; immediate?: true }): string {
  if (e.immediate) return ' — immediate: the roller could foresee it';
  return e.sealed !== undefined ? ` [sealed ${e.sealed}]` : '';
}

/** ", grand-tactical; rules 6.52" — the mode declared and the sections of the module's rules applied */
function rules(e: { mode?: string; rules?: string[] }): string {
  const parts = [...(e.mode ? [e.mode] : []), ...(e.rules?.length ? [`rules ${e.rules.join(', ')}`] : [])];
  return parts.length ? ` [${parts.join('; ')}]` : '';
}

/** ": 2 MP (5 of 5 this phase)" where the event counts MP */
function mpOf(e: { mp?: string; spent?: string; allowance?: string }): string {
  if (e.mp === undefined) return '';
  return `: ${mp(e.mp)} MP${e.spent !== undefined ? ` (${mp(e.spent)}${e.allowance !== undefined ? ` of ${mp(e.allowance)}` : ''} this phase)` : ''}`;
}

function describe(e: GameEvent, card: (id: string) => string): string {
  switch (e.type) {
    case 'moved': if (e.obligation !== undefined) return `${e.piece} moves ${e.from ?? '(off map)'} → ${e.path.join(' → ')} (discharging ${e.obligation})`;
      return `${e.piece} moves ${e.from ?? '(off map)'} → ${e.path.join(' → ')}${mpOf(e)}${rules(e)}${e.stack === 'bottom' ? ', under the pieces there (entered through their flank or rear)' : ''}`;
    case 'rotated': return `${e.piece} turns from facing ${e.from} to ${e.to}${e.mp !== undefined ? `: ${mp(e.mp)} MP` : ''}${rules(e)}`;
    case 'flipped': return `${e.piece} flips from ${e.from} to ${e.to}${e.facing !== undefined ? `, facing ${e.facing}` : ''}${mpOf(e)}${rules(e)}`;
    case 'passed': return `${e.side} says next (the phase ends when every side has)`;
    case 'entry-delayed': return `${e.pieces.join(', ')} delayed: they arrive on turn ${e.turn} at ${e.at} (${e.rule})`;
    case 'delayed': return `${e.piece} cannot arrive at ${e.at}: ${e.reason}${e.rule ? ` (${e.rule})` : ''}; it comes next turn`;
    case 'marked': return `${e.marker} marker on ${e.target}`;
    case 'unmarked': return `${e.marker} marker off ${e.target}`;
    case 'value-set': return `${e.piece}: ${e.prop} ${e.from ?? '—'} → ${e.to}`;
    case 'track-set': return `${e.track} track ${e.from} → ${e.to}`;
    case 'restacked': return `${e.piece} to the ${e.position} of its stack at ${e.location}`;
    case 'rolled': return `${e.sealed !== undefined ? `${e.side}'s ` : ''}free roll #${e.counter}${e.purpose ? ` (${e.purpose})` : ''}: ${e.dice} → ${e.faces.join(' + ')}${e.modifier ? ` ${e.modifier > 0 ? '+' : '−'} ${Math.abs(e.modifier)}` : ''} = ${e.total}${how(e)} (no procedure asked for it)`;
    case 'resolved': {
      const mods = e.modifiers.map((m) => `${m.id} ${m.value >= 0 ? '+' : '−'}${Math.abs(m.value)}`).join(', ');
      const inputs = e.inputs?.map((i) => `${i.id}=${i.value}`).join(', ');
      return `${e.sealed !== undefined ? `${e.side}'s ` : ''}roll #${e.counter} ${e.procedure}: ${e.dice} → ${e.faces.join(' + ')}${mods ? ` (${mods})` : ''} = ${e.total}`
        + `${inputs ? ` [${inputs}]` : ''}${e.index !== e.total ? `, table row ${e.index}` : ''}${e.column !== undefined ? `, column ${e.column}` : ''} → ${e.result}${how(e)}`;
    }
    case 'sealed': {
      const wait = `sealed: known with ${e.awaiting.join(' and ')}'s reply`;
      if (e.kind === 'draw') return `${e.side} draws ${e.indices?.length ?? 0} card${e.indices?.length === 1 ? '' : 's'} from ${e.deck} (hidden; ${wait})`;
      if (e.kind === 'shuffle') return `${e.deck} shuffle committed (${wait}; no draw from it till then)`;
      const bound = e.bound ? ` for ${Object.entries(e.bound).map(([k, v]) => `${k}=${v}`).join(' ')}` : '';
      return `${e.side} commits ${e.command}${bound} as roll #${e.counter} (${wait})`;
    }
    case 'answered': return `${e.side}'s dice value answers sealed ${e.id}`;
    case 'drew': if (e.sealed !== undefined) return `${e.side} commits to the ${e.draws?.length ?? 0} hidden card${e.draws?.length === 1 ? '' : 's'} of his sealed draw from ${e.deck}`;
      return e.cards ? `${e.side} draws ${e.cards.map(card).join(', ')} from ${e.deck}` : `${e.side} draws ${e.draws?.length ?? 0} card${e.draws?.length === 1 ? '' : 's'} from ${e.deck} (hidden)`;
    case 'period-began': return e.held?.length
      ? `${e.deck}: deck period ${e.period} begins (${e.pool.length - e.held.length} cards to draw; ${e.held.length === 1 ? 'the card' : `the ${e.held.length} cards`} in the hand ${e.held.length === 1 ? 'stays' : 'stay'} there)`
      : `${e.deck}: deck period ${e.period} begins (${e.pool.length} cards)`;
    case 'shuffled': return `${e.sealed !== undefined ? 'sealed ' : ''}roll #${e.counter}: ${e.deck} shuffled${e.sealed !== undefined ? ` (${e.sealed})` : ''}`;
    case 'cards-added': return `${e.set} cards added to ${e.deck} (${e.cards.length})`;
    case 'played': return `${e.side} plays ${card(e.card)}${e.use ? ` as ${e.use}` : ''}${e.to === 'removed' ? ' (removed from the game)' : ''}`;
    case 'discarded': return `${e.side} discards ${card(e.card)}`;
    case 'hand-revealed': return `${e.side} reveals the hand: ${e.cards.map((c) => card(c.card)).join(', ') || '(empty)'}`;
    case 'turn-began': return `turn ${e.turn} begins${e.turnType ? ` (${e.turnType})` : ''}${e.clock ? ` at ${e.clock}` : ''}${e.marks?.length ? ` [${e.marks.join(', ')}]` : ''}`;
    case 'phase-began': return `phase ${e.phase}${e.segment ? `/${e.segment}` : ''} (${e.active} active)`;
    case 'arrived': {
      const column = e.column !== undefined ? `, ${mp(e.column)} behind the column ahead [rules ${e.rule}]` : '';
      return `${e.piece} arrives at ${e.at}${e.mp !== undefined ? ` (${mp(e.mp)} MP to enter${column})` : ''}`;
    }
    case 'game-ended': return `the game ends after turn ${e.turn}`;
    case 'noted': return `note: ${e.text}`;
    case 'lost': return `${e.piece} loses a step: ${e.to === null ? `eliminated${e.box ? ` into ${e.box}` : ' (off the map)'}` : `${e.from} → ${e.to}`}${e.points !== undefined ? ` (${e.points} loss point${e.points === 1 ? '' : 's'})` : ''}${e.obligation ? ` (discharging ${e.obligation})` : ''}${e.voids ? ` (voiding ${e.voids.join(', ')}: owed at it)` : ''}`;
    case 'obliged': return `owed by ${e.side}: ${e.kind === 'loss' ? `${e.count} step loss${e.count > 1 ? 'es' : ''} among ${e.pieces.join(', ')} (lose <piece>)`
      : e.kind === 'retreat' ? `retreat ${e.pieces.join(', ')} ${e.count} hex${e.count > 1 ? 'es' : ''} (retreat <piece> <hex>…)`
        : e.kind === 'reply' ? `${e.pieces.join(', ')} owes ${e.count} roll${e.count > 1 ? 's' : ''} of ${e.reply} at ${e.to} (resolve ${e.reply})`
          : e.kind === 'check' ? `${e.reply} for ${e.pieces.join(', ')}${e.to ? ` crossing ${e.to}` : ''} (resolve ${e.reply} piece=${e.pieces[0]}${e.to ? ` crossing=${e.to}` : ''})`
            : e.kind === 'roll' ? `${e.reply} in this ${e.segment !== undefined ? 'segment' : 'phase'} (resolve ${e.reply})`
            : e.kind === 'draw' ? `${e.count} card${e.count > 1 ? 's' : ''} from ${e.deck} (draw ${e.deck}${e.count > 1 ? ` ${e.count}` : ''})`
            : `may advance ${e.pieces.join(', ')} into ${e.to}${e.length !== undefined ? ` (at most ${e.length} hex${e.length > 1 ? 'es' : ''})` : ''} in this phase (advance <piece>)`} [${e.id}, ${e.procedure}${e.rule ? ` ${e.rule}` : ''}]`;
    case 'card-removed': return `${e.card} removed from the game (from ${e.from === 'hand' ? `${e.side}'s hand` : e.from === 'order' ? 'the draw pile' : 'the discard pile'})`;
    case 'undone': return `undo of command ${e.entry + 1}`;
    default: return JSON.stringify(e);
  }
}
