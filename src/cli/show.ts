// `hexpost show`: the game as it stands (or stood after segment --at), with the player's own hand
// when his key is given.
import type { Command } from 'commander';
import type { Obligation } from '../core/engine/events.js';
import { undrawnCount, type GameState } from '../core/engine/state.js';
import { whoseMove } from '../core/engine/whose-move.js';
import { supplyReports, unsuppliedPieces, type SupplyReport } from '../core/engine/supply.js';
import type { VerifiedLog } from '../log/verify.js';
import { loadKeyFile, readLogFile, sideOfKey, verifyForPlayer } from './log-io.js';
import { printJson, type Output } from './output.js';
import { cardIndex, cardLabel, type CardFace } from './card-label.js';
import { whoseMoveLine } from './whose-move.js';
import { voidedSegments } from '../core/protocol/takeback.js';

/** Where the game stands, as the engine's state has it (turn, phase, clock, markers, tracks). */
type Place = Pick<GameState, 'turn' | 'turnType' | 'phase' | 'segment' | 'active' | 'clock' | 'markers' | 'tracks'>;

export interface ShowJson extends Place {
  game: string | null;
  safetyCode: string | null;
  status: string;
  segments: number;
  /** whose move it is (src/core/engine/whose-move.ts) */
  toMove: { sides: string[]; label: string };
  /** what results and the sequence ask of the sides (state.obligations, docs/state-format.md); absent when nothing */
  obligations?: Obligation[];
  pieces: Record<string, { at: string | null; face: string; facing: number | null; markers: string[]; values: Record<string, number | string>; unsupplied?: true }>;
  decks: Record<string, { drawPile: number; discard: string[]; removed: number }>;
  hands: Record<string, { cards: string[]; hidden: number }>;
  /** take-backs: the open proposal, and the segments agreed ones voided (docs/log-format.md) */
  takebacks: { open: VerifiedLog['takebacks']['open']; voided: number[] };
  /**
   * rules.supply (PoG §10): by side, its units that trace no supply line and the spaces it holds behind
   * enemy lines that are off them (which "may" change hands: the players'); absent without rules.supply
   */
  supply?: SupplyReport[];
  /** sealed: a card of a sealed draw whose reply has not come yet (its card is known to nobody) */
  hand?: { side: string; cards: HandCard[] };
}

/** A card of the viewer's hand: its title and printed values come with it (Paths of Glory: ops, sr, rp, ws). */
type HandCard = { deck: string; card: string; sealed?: true } & Partial<CardFace>;

export function showJson(v: VerifiedLog, viewerSide?: string): ShowJson {
  const s = v.state;
  const pieces: ShowJson['pieces'] = {};
  for (const [id, p] of Object.entries(s.pieces)) pieces[id] = { at: p.location, face: p.face, facing: p.facing, markers: p.markers, values: p.values };
  // the module's supply rules (rules.supply, rules.supplyLines): who traces no line now
  for (const id of unsuppliedPieces(v.game, s)) if (pieces[id]) pieces[id].unsupplied = true;
  const decks: ShowJson['decks'] = {};
  for (const [id, d] of Object.entries(s.decks)) {
    const secret = v.game.decks.get(id)?.secret;
    decks[id] = { drawPile: secret ? undrawnCount(d) : d.order.length, discard: d.discard, removed: d.removed.length };
  }
  const hands: ShowJson['hands'] = {};
  // A revealed hidden card (reveal-hand) is public: listed by name, no longer counted as hidden.
  for (const [side, h] of Object.entries(s.hands)) {
    hands[side] = { cards: [...h.cards, ...h.hidden.flatMap((c) => (c.card ? [c.card] : []))], hidden: h.hidden.filter((c) => !c.card).length };
  }
  const out: ShowJson = {
    game: v.gameId, safetyCode: v.safetyCode, status: v.status, segments: v.segments,
    turn: s.turn, turnType: s.turnType, phase: s.phase, segment: s.segment, active: s.active, clock: s.clock,
    toMove: (({ sides, label }) => ({ sides, label }))(whoseMove(v.game, s)),
    pieces, markers: s.markers, tracks: s.tracks, decks, hands,
    takebacks: { open: v.takebacks.open, voided: [...voidedSegments(v.takebacks)].sort((a, b) => a - b) },
    ...(s.obligations?.length ? { obligations: s.obligations } : {}),
  };
  const supply = supplyReports(v.game, s);
  if (supply) out.supply = supply;
  if (viewerSide) {
    const h = s.hands[viewerSide];
    const face = (id: string): Partial<CardFace> => {
      const c = v.game.cards.get(id)?.card;
      return c ? { name: c.name, values: (c.values ?? {}) as CardFace['values'] } : {};
    };
    const cards: HandCard[] = (h?.cards ?? []).map((c) => ({ deck: v.game.cards.get(c)?.deck.id ?? '', card: c, ...face(c) }));
    for (const hidden of h?.hidden ?? []) {
      const k = hidden.commitment === undefined ? undefined : v.knowledge.byCommitmentOf(hidden.commitment);
      const known = k?.card ?? v.knowledge.cardAt(viewerSide, hidden.deck, hidden.period, hidden.counter) ?? hidden.card;
      cards.push(known !== undefined ? { deck: hidden.deck, card: known, ...face(known) } : { deck: hidden.deck, card: '(sealed draw: known with the reply)', sealed: true });
    }
    out.hand = { side: viewerSide, cards };
  }
  return out;
}

export function registerShowCommand(program: Command, o: Output): void {
  program.command('show')
    .description('the game as it stands: turn, phase, pieces, tracks, decks; your hand with your key')
    .argument('<log>', 'the game log')
    .option('--at <seq>', 'as it stood after segment <seq>', (x) => Number.parseInt(x, 10))
    .option('--key <file>', 'your private key: shows your hidden hand')
    .option('--passphrase-env <var>', 'environment variable holding your key\'s passphrase')
    .option('--json', 'machine-readable result')
    .action(async (path: string, opts: { at?: number; key?: string; passphraseEnv?: string; json?: boolean }) => {
      const log = await readLogFile(path);
      const key = opts.key ? await loadKeyFile(opts.key, opts.passphraseEnv) : undefined;
      const side = key ? sideOfKey(log, key) : undefined;
      const v = await verifyForPlayer(o, log, { upTo: opts.at, viewer: key && side ? { side, key } : undefined, remember: opts.at === undefined });
      const j = showJson(v, side);
      if (opts.json) { printJson(o, { whoseMove: whoseMoveLine(v, side), ...j }); return; }
      o.out(whoseMoveLine(v, side));
      o.out(`${v.module.title} — ${v.game.scenario.name}${j.game ? `, game ${j.game.slice(0, 16)}…` : ''} (${j.status}, ${j.segments} segments)`);
      if (j.safetyCode) o.out(`safety code ${j.safetyCode}`);
      o.out(`turn ${j.turn}${j.turnType ? ` (${j.turnType})` : ''}, phase ${j.phase}${j.segment ? `/${j.segment}` : ''}, ${j.active} active${j.clock ? `, ${j.clock}` : ''}`);
      o.out(`to move: ${j.toMove.label}`);
      o.out('pieces:');
      const supplyRule = v.module.rules?.supplyLines?.rule ?? v.module.rules?.supply?.rule;
      for (const [id, p] of Object.entries(j.pieces)) {
        if (p.at === null) continue;
        o.out(`  ${id.padEnd(14)} ${String(p.at).padEnd(12)} ${p.face}${p.facing !== null ? ` facing ${p.facing}` : ''}${p.markers.length ? ` [${p.markers.join(', ')}]` : ''}${p.unsupplied ? `  out of supply${supplyRule ? ` (${supplyRule})` : ''}` : ''}`);
      }
      const markers = Object.entries(j.markers);
      if (markers.length) o.out(`markers: ${markers.map(([at, m]) => `${at}: ${m.join(', ')}`).join('; ')}`);
      const tracks = Object.entries(j.tracks);
      if (tracks.length) o.out(`tracks: ${tracks.map(([t, n]) => `${t} ${n}`).join(', ')}`);
      for (const line of supplyLines(j.supply, v.module.rules?.supply?.rule, v.module.rules?.supply?.attrition !== undefined)) o.out(line);
      for (const [id, d] of Object.entries(j.decks)) o.out(`deck ${id}: ${d.drawPile} to draw, ${d.discard.length} discarded`);
      const cards = cardIndex(v.module.decks);
      for (const [sideId, h] of Object.entries(j.hands)) if (h.cards.length || h.hidden) o.out(`hand ${sideId}: ${[...h.cards.map((c) => cardLabel(cards, c)), ...(h.hidden ? [`${h.hidden} hidden`] : [])].join(', ')}`);
      if (j.hand) o.out(`your hand (${j.hand.side}): ${j.hand.cards.map((c) => cardLabel(cards, c.card)).join(', ') || '(empty)'}`);
    });
}

/** The text lines of the supply reports: who is cut off, which spaces are isolated; one line when nothing is. */
export function supplyLines(reports: readonly SupplyReport[] | undefined, rule = 'supply', attrition = false): string[] {
  if (!reports) return [];
  const out: string[] = [];
  for (const r of reports) {
    if (r.unsupplied.length) {
      const units = r.unsupplied.map((u) => `${u.piece} at ${u.at}`).join(', ');
      out.push(`out of supply (${r.side}, ${rule}): ${units}${attrition ? ' — eliminated as the attrition phase begins' : ''}`);
    }
    if (r.isolated.length) {
      out.push(`isolated (${r.side}, ${rule}): ${r.isolated.join(', ')} — held behind enemy lines and cut off: `
        + 'may change hands (the players decide)');
    }
  }
  return out.length ? out : [`supply (${rule}): every unit traces a supply line`];
}
