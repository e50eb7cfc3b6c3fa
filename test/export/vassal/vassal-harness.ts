// Runs VASSAL's own code on exported files: ../shared/vassal/harness (check.sh builds VASSAL from
// source on first use, into ${TMPDIR}/hexpost-vassal-build-<hash of its path>) and reads its JSON report. The
// expectation files say what Hexpost's own model says: location names, and each setup's pieces
// and turn, computed from the engine's initial state, not from the exporter.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { prepareGame } from '../../../src/core/engine/game.js';
import { initialState } from '../../../src/core/engine/initial-state.js';
import type { GameState } from '../../../src/core/engine/state.js';
import { resolveLocation } from '../../../src/core/engine/locations.js';
import type { ModuleData } from '../../../src/core/module/schema.js';
import { boardFrame } from '../../../src/export/board-svg.js';
import type { Game } from '../../../src/core/engine/game.js';

export const HARNESS = resolve(process.env.VASSAL_HARNESS_DIR ?? '../shared/vassal/harness');
export const HARNESS_PRESENT = existsSync(resolve(HARNESS, 'check.sh'));
// The harness's build stamp holds its own absolute path: two clones sharing the default build folder
// rebuild it under each other's running JVMs (NoClassDefFoundError). One build folder per harness copy.
const copy = createHash('sha256').update(HARNESS).digest('hex').slice(0, 12);
process.env.VASSAL_HARNESS_BUILD ??= join(tmpdir(), `hexpost-vassal-build-${copy}`);
export const SKIP_MESSAGE = `VASSAL harness not found at ${HARNESS} (set VASSAL_HARNESS_DIR): VASSAL load tests skipped`;

export interface Defect { kind: string; severity: string; where: string; message: string }
export interface Report {
  complete: boolean;
  summary: { defects: number; byKind: Record<string, number>; pieceSlots: number; pieceSlotsUsable: number };
  defects: Defect[];
  setups: Array<{ name: string; gameStarted: boolean; expect?: unknown }>;
  vlogs: Array<{ file: string; gameStarted: boolean; steps: number; stepsRun: number; final: { pieces: unknown[]; expect?: unknown } }>;
}

/** check.sh with these arguments; resolves with the report (rejects when the tool could not run). */
export function vassalCheck(args: string[], report: string): Promise<{ report: Report; summary: string }> {
  return new Promise((done, fail) => {
    const child = spawn('bash', [resolve(HARNESS, 'check.sh'), ...args, '-o', report], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '', err = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { err += d; });
    child.on('close', (code) => {
      if (code !== 0) { fail(new Error(`check.sh exited ${code}: ${err || out}`)); return; }
      done({ report: JSON.parse(readFileSync(report, 'utf8')) as Report, summary: out.trim() });
    });
  });
}

interface ExpectedPiece { name: string; map: string; location?: string; x?: number; y?: number; face?: number; facing?: number }

/** VASSAL's location name for an engine location: the hex label, the region (space, box, track cell). */
function where(game: Game, data: ModuleData, location: string): { map: string; location: string } | undefined {
  const loc = resolveLocation(game, location);
  if (loc.kind === 'hex' || loc.kind === 'space') {
    const board = data.boards.find((b) => b.id === loc.board)!;
    if (board.kind !== 'points') return { map: board.name, location: loc.label! }; // hexes and squares: their labels
    const dup = board.spaces.filter((s) => s.name === board.spaces.find((x) => x.id === loc.label)!.name).length > 1;
    return { map: board.name, location: dup ? loc.label! : board.spaces.find((x) => x.id === loc.label)!.name };
  }
  if (loc.kind === 'box') return { map: 'Boxes and tracks', location: game.boxes.get(loc.id)!.name };
  if (loc.kind === 'track') {
    const [t, n] = loc.id.split('@');
    return { map: 'Boxes and tracks', location: `${game.tracks.get(t!)!.name} ${n}` };
  }
  return undefined;
}

/** The pieces on the maps (not in decks or hands) of a game state, as the harness compares them. */
export function expectedPieces(game: Game, data: ModuleData, state: GameState): ExpectedPiece[] {
  const out: ExpectedPiece[] = [];
  for (const [location, ids] of Object.entries(state.stacks)) {
    const w = where(game, data, location);
    if (!w) continue;
    for (const id of ids) {
      const def = game.pieces.get(id)!;
      const type = game.pieceTypes.get(def.type)!;
      const ps = state.pieces[id]!;
      out.push({ name: def.name ?? type.name, ...w, face: type.faces.findIndex((f) => f.id === ps.face), facing: ps.facing ?? 0 });
      for (const m of ps.markers) out.push({ name: game.markerTypes.get(m)!.name, ...w });
    }
  }
  for (const [target, list] of Object.entries(state.markers)) {
    if (target.includes('|')) {
      // a hexside: VASSAL has none, the marker lies at its midpoint
      const frame = boardFrame(game.board.def);
      const [a, b] = target.split('|').map((l) => frame.at(l));
      const at = { map: game.board.def.name, x: Math.round((a!.x + b!.x) / 2), y: Math.round((a!.y + b!.y) / 2) };
      for (const m of list) out.push({ name: game.markerTypes.get(m)!.name, ...at });
      continue;
    }
    const w = where(game, data, target);
    if (w) for (const m of list) out.push({ name: game.markerTypes.get(m)!.name, ...w });
  }
  for (const [t, v] of Object.entries(state.tracks)) out.push({ name: game.tracks.get(t)!.name, ...where(game, data, `${t}@${v}`)! });
  return out;
}

/** The --expect file for a module: sampled location names of every board, each setup's pieces and turn. */
export function moduleExpectation(data: ModuleData, samplePerBoard = 300): object {
  const locations: object[] = [];
  for (const b of data.boards) {
    const frame = boardFrame(b);
    if (b.kind === 'hex') {
      const labels = frame.hex!.labels();
      const step = Math.max(1, Math.floor(labels.length / samplePerBoard));
      for (let i = 0; i < labels.length; i += step) {
        const p = frame.at(labels[i]!);
        locations.push({ board: b.name, name: labels[i], x: p.x, y: p.y });
      }
    } else if (b.kind === 'points') {
      for (const s of b.spaces) {
        const p = frame.at(s.id);
        const dup = b.spaces.filter((x) => x.name === s.name).length > 1;
        locations.push({ board: b.name, name: dup ? s.id : s.name, x: Math.round(p.x), y: Math.round(p.y) });
      }
    }
  }
  const setups: Record<string, object> = {};
  for (const sc of data.scenarios) {
    const game = prepareGame(data, sc.id);
    const state = initialState(game);
    // the cards a deck with openHand deals at the start (Cold War's action cards, 35) lie in the hand's cell
    const hands = Object.entries(state.hands).flatMap(([side, h]) => h.cards.map((c) => ({
      name: game.cards.get(c)!.card.name, map: 'Boxes and tracks', location: `${data.sides.find((x) => x.id === side)!.name} hand`,
    })));
    setups[sc.name] = { exact: true, turn: state.turn, pieces: [...expectedPieces(game, data, state), ...hands] };
  }
  return { locations, setups };
}

/** `hexpost show --json` as this test reads it. */
export interface ShowLike {
  turn: number; phase: string; active: string; over?: boolean;
  pieces: Record<string, { at: string | null; face: string; facing: number | null; markers: string[] }>;
  markers: Record<string, string[]>;
  tracks: Record<string, number>;
  hands: Record<string, { cards: string[]; hidden: number }>;
}

/**
 * What VASSAL must show after the last step of a game's .vlog, from `hexpost show --json`: every
 * piece, marker and track marker on the board and holding maps with its face and facing, the hand
 * cards (hidden ones as their deck's back), and the turn and phase.
 */
export function vlogExpectation(game: Game, data: ModuleData, show: ShowLike): object {
  const state = {
    pieces: Object.fromEntries(Object.entries(show.pieces).map(([id, p]) => [id, { location: p.at, face: p.face, facing: p.facing, values: {}, markers: p.markers }])),
    stacks: {} as Record<string, string[]>,
    markers: show.markers, tracks: show.tracks,
  };
  for (const [id, p] of Object.entries(show.pieces)) if (p.at !== null) (state.stacks[p.at] ??= []).push(id);
  const pieces: object[] = expectedPieces(game, data, state as unknown as GameState);
  for (const [side, h] of Object.entries(show.hands)) {
    const location = `${data.sides.find((s) => s.id === side)!.name} hand`;
    for (const c of h.cards) pieces.push({ name: game.cards.get(c)!.card.name, map: 'Boxes and tracks', location });
    const secret = data.decks.filter((d) => d.secret && (d.owner === side || !d.owner));
    if (h.hidden && secret.length === 1) for (let i = 0; i < h.hidden; i++) pieces.push({ name: `${secret[0]!.name} card (hidden)`, map: 'Boxes and tracks', location });
  }
  const phase = data.sequence.phases.find((p) => p.id === show.phase)!.name;
  return { exact: true, maps: [...data.boards.map((b) => b.name), 'Boxes and tracks'], turn: { Turn: show.turn, Phase: phase }, pieces };
}
