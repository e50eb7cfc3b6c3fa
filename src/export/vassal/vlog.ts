// A Hexpost game as a VASSAL log (.vlog, reference §4.5 and §9): the start as a saved-game
// snapshot, then one logged step per segment. A step holds chat lines (the segment's author, each
// command, and each roll, procedure and card event in words: dice, modifiers, result) and the piece
// commands that take VASSAL's picture from the state before the segment to the state after it:
// moves (M, onto the top of the pieces there, so VASSAL stacks them), changes of face or facing
// (D, with the piece's whole state), pieces added (+, then moved in) and removed (-), deck contents
// (D on the Deck) and the turn tracker (TURN). Every sub-command carries its own "LOG⇥" prefix.
// Hidden cards stay hidden: the snapshot holds backs for them (game-snapshot.ts).
import type { Game } from '../../core/engine/game.js';
import type { GameState } from '../../core/engine/state.js';
import type { ModuleData } from '../../core/module/schema.js';
import { vassalExportContext, type ModuleImages } from './build-file.js';
import { vassalSnapshot, VassalIds, type PlacedPiece, type VassalSnapshot } from './game-snapshot.js';
import { pieceState } from './piece-definition.js';
import { deckState, placedPieceCommand, savedGameFile } from './saved-game.js';
import { encodeSequence, ESC, TAB } from './sequence-encoder.js';
import { turnCommand } from './turn-tracker.js';

export interface VlogStep {
  /** chat lines of the step, in order */
  chat: string[];
  /** who played it (the moving player's id in M commands) */
  author: string;
  /** the state after the step */
  state: GameState;
}

export interface VlogResult { bytes: Uint8Array; steps: number; notes: string[] }

const LOG = `LOG${TAB}`;

export function vassalLogFile(data: ModuleData, images: ModuleImages, game: Game, start: GameState, steps: readonly VlogStep[], description: string): VlogResult {
  const ctx = vassalExportContext(data, images);
  const ids = new VassalIds();
  const snap = (s: GameState) => vassalSnapshot(game, s, ctx.catalogue, ctx.places, ids);
  const first = snap(start);
  const notes = new Set(first.notes);
  const turn = (s: VassalSnapshot) => turnCommand({ ...s.turn, lastTurn: game.lastTurn, phases: data.sequence.phases.length });
  const spots = new SpotTracker(first);
  let prev = first;
  const encoded: string[] = [];
  for (const step of steps) {
    const next = snap(step.state);
    next.notes.forEach((n) => notes.add(n));
    const cmds = step.chat.map((line) => `CHAT${chatHtml(line)}`);
    cmds.push(...pieceChanges(prev, next, spots, step.author));
    if (turn(prev) !== turn(next)) cmds.push(turn(next));
    encoded.push(encodeSequence(cmds.map((c) => LOG + c), ESC));
    prev = next;
  }
  const savedata = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<data version="1">\n  <version>${esc(data.version)}</version>\n  <extra1/>\n  <extra2/>\n  <VassalVersion>3.7.26</VassalVersion>\n  <dateSaved>0</dateSaved>\n  <description>${esc(description)}</description>\n</data>\n`;
  const bytes = savedGameFile({
    snapshot: first, boards: ctx.boards, deckTypes: ctx.deckTypes, lastTurn: game.lastTurn, phases: data.sequence.phases.length,
    moduledata: ctx.moduledata, savedata, steps: encoded,
  });
  return { bytes, steps: encoded.length, notes: [...notes] };
}

/** Which VASSAL pieces sit on each spot, bottom first, as the emitted commands leave them. */
class SpotTracker {
  private readonly byId = new Map<string, string>();
  private readonly spots = new Map<string, string[]>();
  constructor(s: VassalSnapshot) {
    const inDeck = new Set(s.decks.flatMap((d) => d.cards));
    for (const st of s.stacks) for (const id of st.pieces) this.byId.set(id, key(st));
    for (const st of s.stacks) this.spots.set(key(st), [...st.pieces]);
    for (const p of s.pieces) if (!this.byId.has(p.id) && !inDeck.has(p.id)) this.put(p.id, key(p));
  }
  /** The piece now on top of the spot (what a piece moved there goes on). */
  top(spot: string): string | null {
    const l = this.spots.get(spot);
    return l?.length ? l[l.length - 1]! : null;
  }
  put(id: string, spot: string | null): void {
    const old = this.byId.get(id);
    if (old) { const l = this.spots.get(old)!; l.splice(l.indexOf(id), 1); this.byId.delete(id); }
    if (spot) { (this.spots.get(spot) ?? this.spots.set(spot, []).get(spot)!).push(id); this.byId.set(id, spot); }
  }
}

const key = (p: { map: string; x: number; y: number }) => `${p.map}\u0000${p.x}\u0000${p.y}`;

function pieceChanges(prev: VassalSnapshot, next: VassalSnapshot, spots: SpotTracker, author: string): string[] {
  const out: string[] = [];
  const before = new Map(prev.pieces.map((p) => [p.id, p]));
  const after = new Map(next.pieces.map((p) => [p.id, p]));
  const deckOf = (s: VassalSnapshot) => new Map(s.decks.flatMap((d) => d.cards.map((c) => [c, d.id] as const)));
  const inDeckBefore = deckOf(prev), inDeckAfter = deckOf(next);
  const state = (p: PlacedPiece) => pieceState({ ...p.def, face: p.face, facing: p.facing, at: { map: p.map, x: p.x, y: p.y } });
  const move = (p: PlacedPiece, from: PlacedPiece | undefined) => {
    const spot = key(p);
    // Into a deck: the Deck's own state (below) places the card; elsewhere onto the pieces there.
    const under = inDeckAfter.has(p.id) ? null : spots.top(spot);
    out.push(encodeSequence(['M', p.id, p.map, p.x, p.y, under ?? 'null', from?.map ?? 'null', from?.x ?? 0, from?.y ?? 0, 'null', author], '/'));
    spots.put(p.id, inDeckAfter.has(p.id) ? null : spot);
  };
  for (const p of next.pieces) {
    const was = before.get(p.id);
    if (!was) {
      out.push(placedPieceCommand(p, null));
      move(p, undefined);
      continue;
    }
    if (key(was) !== key(p) || inDeckBefore.get(p.id) !== inDeckAfter.get(p.id)) move(p, was);
    if (was.face !== p.face || was.facing !== p.facing) {
      out.push(encodeSequence(['D', p.id, state(p), state({ ...was, map: p.map, x: p.x, y: p.y })], '/'));
    }
  }
  for (const p of prev.pieces) {
    if (after.has(p.id)) continue;
    out.push(`-/${p.id}`);
    spots.put(p.id, null);
  }
  const oldDecks = new Map(prev.decks.map((d) => [d.id, d]));
  for (const d of next.decks) {
    const o = oldDecks.get(d.id);
    if (o && o.cards.join(',') === d.cards.join(',')) continue;
    out.push(encodeSequence(['D', d.id, deckState(d), ...(o ? [deckState(o)] : [])], '/'));
  }
  return out;
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A chat line as VASSAL shows it: "* " marks a report line; HTML is escaped. */
function chatHtml(line: string): string {
  return `* ${esc(line)}`;
}
