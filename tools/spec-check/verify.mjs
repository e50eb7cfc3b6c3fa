// A second verifier of a .hexlog, written from docs/ alone (docs/log-format.md, dice-protocol.md,
// state-format.md, events.md). It imports nothing from src/ or dist/.
import { canonical, same } from './canonical.mjs';
import { readLog } from './container.mjs';
import { DICE_TAG, HIDDEN_TAG, chainStep, draw, drawKey, epochKey, roll, safetyCode, sealedKey, sha256Hex,
  shuffle } from './crypto.mjs';
import { Commands, handLimitWarning } from './commands.mjs';
import { applyEvent } from './fold.mjs';
import { initialState } from './initial-state.mjs';
import { resolveOf, rollOf, words } from './outcomes.mjs';
import { checkSignature, readPinnedKey } from './signatures.mjs';

class LogError extends Error {
  constructor(seq, message) { super(message); this.seq = seq; }
}

/** Warning codes this implementation does not derive (README.md): compared as absent. */
const UNDERIVED_WARNINGS = new Set(['turn', 'obligation']);
/** Events an outcome's effects give (docs/events.md "The events of an outcome"). */
const OUTCOME_EVENTS = new Set(['lost', 'obliged', 'marked', 'unmarked', 'track-set', 'card-removed', 'value-set']);
/** docs/events.md "The events of an outcome": `lost`/`card-removed` (and a points `value-set`) name it in `by`, `obliged` in its id. */
const followsFrom = (e, id) => OUTCOME_EVENTS.has(e.type) && (e.type === 'lost' || e.type === 'card-removed'
  || (e.type === 'value-set' && e.by !== undefined)
  ? e.by === id : e.type === 'obliged' ? e.id.startsWith(`${id}/`) : true);

const sortedValues = (values) => Object.keys(values).sort().map((s) => values[s]);

/** Verifies a log; returns a summary, or throws LogError {seq, message}. */
export async function verifyLog(zipBytes) {
  let log;
  try { log = readLog(zipBytes); } catch (e) { throw new LogError(0, e.message); }
  const setup = await checkSetup(log).catch((e) => { throw new LogError(0, e.message); });
  const run = new Run(setup);
  for (const seg of log.segments) {
    try { await run.segment(seg); } catch (e) {
      if (process.env.SPEC_CHECK_DEBUG) console.error(e);
      throw new LogError(seg.body.seq ?? 0, `${seg.name}: ${e.message}`);
    }
  }
  return run.summary();
}

async function checkSetup(log) {
  const g = log.genesis.body;
  if (g.type !== 'hexpost/genesis' || g.version !== 2) throw new Error('genesis.json: not a protocol-2 genesis');
  const m = g.module.data;
  if (sha256Hex(canonical(m)) !== g.module.hash)
    throw new Error('genesis.json: module.hash is not the hash of module.data');
  if (m.id !== g.module.id || m.version !== g.module.version)
    throw new Error('genesis.json: module id or version differs from its data');
  if (!m.scenarios.some((s) => s.id === g.scenario)) throw new Error(`genesis.json: unknown scenario ${g.scenario}`);
  const sides = m.sides.map((s) => s.id).sort();
  if (!same(g.players.map((p) => p.side), sides))
    throw new Error('genesis.json: players are not the module\'s sides, sorted');
  if (!sides.includes(g.creator)) throw new Error('genesis.json: the creator is not a player');
  const keys = {}, fingerprints = {}, anchors = { [g.creator]: g.commitments };
  for (const p of g.players) {
    keys[p.side] = await readPinnedKey(p.publicKey, p.fingerprint, `genesis.json: players[${p.side}]`);
    fingerprints[p.side] = p.fingerprint;
  }
  await checkSignature(log.genesis.bytes, log.genesis.signature, keys[g.creator], 'genesis.json.sig');
  const genesisHash = sha256Hex(log.genesis.bytes);
  const acceptances = {};
  for (const a of log.acceptances) {
    const b = a.body;
    if (b.type !== 'hexpost/acceptance' || b.version !== 2) throw new Error(`${a.name}: not a protocol-2 acceptance`);
    if (a.name !== `accept-${b.side}.json`) throw new Error(`${a.name}: its side is ${b.side}`);
    if (!sides.includes(b.side) || b.side === g.creator) throw new Error(`${a.name}: ${b.side} may not accept`);
    if (b.genesis !== genesisHash) throw new Error(`${a.name}: names another genesis`);
    if (b.fingerprint !== fingerprints[b.side]) throw new Error(`${a.name}: not the pinned fingerprint`);
    await checkSignature(a.bytes, a.signature, keys[b.side], `${a.name}.sig`);
    acceptances[b.side] = sha256Hex(a.bytes);
    anchors[b.side] = b.commitments;
  }
  const missing = sides.filter((s) => !anchors[s]);
  if (missing.length && log.segments.length)
    throw new Error(`${missing.join(', ')} has not accepted, but the log holds segments`);
  const gameId = missing.length ? null : sha256Hex(canonical({ acceptances, genesis: genesisHash }));
  return { g, m, sides, keys, anchors, gameId, genesisHash, code: gameId && safetyCode(gameId,
    Object.values(fingerprints)) };
}

class Run {
  constructor({ g, m, sides, keys, anchors, gameId, code }) {
    Object.assign(this, { g, m, sides, keys, gameId, code });
    this.state = initialState(m, g.scenario);
    this.commands = new Commands(m, this.state);
    this.dice = Object.fromEntries(sides.map((s) => [s, anchors[s].dice]));
    this.hidden = Object.fromEntries(sides.map((s) => [s, { value: anchors[s].hidden, k: 0 }]));
    this.epoch = Object.fromEntries(sides.map((s) => [s, 0]));
    this.final = new Set();
    this.prevAuthor = null;
    this.head = gameId;
    this.draws = [];            // every non-void sealed draw: {record, values, commitments}
    this.opened = new Map();    // commitment → card, from the audits
    this.stats = { segments: 0, rolls: 0, resolves: 0, shuffles: 0, draws: 0, audited: 0, states: 0, commands: 0,
      sealedCommands: 0, commandsLeft: 0, voidEntries: 0, warningsLeft: 0, takenFromLog: 0 };
  }

  summary() {
    const pending = this.draws.filter((d) => d.commitments
      && this.hidden[d.record.side].k < d.record.period + 1).length;
    return { gameId: this.gameId, safetyCode: this.code, head: this.head, ...this.stats, pendingDraws: pending,
      over: this.state.over, sealed: (this.state.sealed ?? []).length };
  }

  async segment(seg) {
    const b = seg.body, author = b.author;
    if (b.type !== 'hexpost/segment' || b.version !== 2) throw new Error('not a protocol-2 segment');
    if (b.seq !== this.stats.segments + 1 || seg.name !== `${String(b.seq).padStart(6, '0')}.json`)
      throw new Error(`seq ${b.seq} where ${this.stats.segments + 1} was expected`);
    if (b.game !== this.gameId) throw new Error('names another game');
    if (!this.sides.includes(author)) throw new Error(`author ${author} is not a player`);
    if (this.final.has(author)) throw new Error(`${author} sent his final segment already`);
    await checkSignature(seg.bytes, seg.signature, this.keys[author], `${seg.name}.sig`);
    if (b.prev !== this.head) throw new Error(`prev is ${b.prev}, not the previous body's hash ${this.head}`);
    const opens = author !== this.prevAuthor;
    if (opens) {
      this.epoch[author] += 1;
      this.counter = 0;
      this.others = this.sides.filter((s) => s !== author).map((s) => this.dice[s]);
    }
    if (b.epoch !== this.epoch[author])
      throw new Error(`epoch ${b.epoch}, but ${author}'s epoch is ${this.epoch[author]}`);
    if (opens !== (b.reveal !== undefined))
      throw new Error(opens ? 'opens an epoch without a dice reveal' : 'a dice reveal inside an epoch');
    if (opens) {
      if (chainStep(DICE_TAG, b.reveal) !== this.dice[author])
        throw new Error(`the dice reveal is not the next value of ${author}'s dice chain`);
      this.dice[author] = b.reveal;
    }
    this.own = this.dice[author];
    this.resolutions(b, opens);
    this.entries(b);
    this.hiddenReveals(b);
    if (b.final) this.closing(b);
    const hash = sha256Hex(canonical(this.state));
    if (hash !== b.state) throw new Error(`state is ${b.state}, but the events give ${hash}`);
    this.stats.states++;
    this.stats.segments++;
    this.prevAuthor = author;
    this.head = sha256Hex(seg.bytes);
  }

  awaiting(author) {
    const list = this.sides.filter((s) => s !== author && !this.final.has(s));
    if (!list.length) throw new Error('a sealed command with no player left to answer it');
    return list;
  }

  /** The resolutions docs/events.md "Resolutions, in order" derives, compared with the logged ones. */
  resolutions(b, opens) {
    const logged = b.resolutions ?? [];
    const out = [];
    const emit = (e) => { out.push(e); applyEvent(this.state, e); };
    if (opens) {
      for (const r of [...(this.state.sealed ?? [])]) {
        if (!r.awaiting.includes(b.author)) continue;
        emit({ type: 'answered', id: r.id, side: b.author, value: b.reveal });
        const d = this.draws.find((x) => x.record.id === r.id && !x.commitments);
        if (d) d.values = { ...r.values };
        if (r.awaiting.length || r.kind === 'draw') continue;
        const key = sealedKey(this.gameId, r.id, r.own, sortedValues(r.values));
        const tag = { sealed: r.id, ...(r.side !== undefined ? { side: r.side } : {}) };
        if (r.kind === 'shuffle') {
          emit({ type: 'shuffled', counter: r.counter, deck: r.deck, order: shuffle(key, r.counter, r.cards), ...tag });
          this.stats.shuffles++;
        } else {
          const at = logged.find((e) => e.sealed === r.id);
          const o = r.kind === 'roll' ? rollOf(r.command) : resolveOf(this.m, r.command, at);
          const faces = roll(key, r.counter, Array.isArray(o.dice) ? o.dice : [{ count: o.dice.count,
            sides: o.dice.sides }])[0];
          emit({ ...o.event(r.counter, faces), ...tag });
          this.stats[r.kind === 'roll' ? 'rolls' : 'resolves']++;
          // the events of the procedure's outcomes (docs/events.md "The events of an outcome") follow
          // it; this verifier takes them from the log and folds them (not derived: see README.md)
          for (let j = out.length; j < logged.length && followsFrom(logged[j], r.id); j++) {
            emit(logged[j]);
            this.stats.takenFromLog++;
          }
        }
      }
      for (const r of [...(this.state.sealed ?? [])]) {
        if (r.kind !== 'draw' || r.side !== b.author || r.awaiting.length) continue;
        const at = logged.find((e) => e.type === 'drew' && e.sealed === r.id);
        if (!at) throw new Error(`resolutions: ${b.author}'s commitment to the cards of ${r.id} is missing`);
        if (!same(at.draws.map((x) => x.counter), r.indices))
          throw new Error(`resolutions: the drew of ${r.id} commits to counters ${at.draws.map((x) => x.counter)}, not ${r.indices}`);
        const d = this.draws.find((x) => x.record.id === r.id && !x.commitments);
        d.commitments = at.draws.map((x) => x.commitment);
        emit({ type: 'drew', deck: r.deck, side: r.side, period: r.period, draws: at.draws, sealed: r.id });
      }
    }
    for (let i = 0; i < Math.max(out.length, logged.length); i++) {
      if (!same(out[i], logged[i]))
        throw new Error(`resolutions[${i}]: logged ${canonical(logged[i] ?? null)}, but the docs give ${canonical(out[i] ?? null)}`);
    }
    if (b.resolutions !== undefined && !b.resolutions.length)
      throw new Error('resolutions: an empty list is written as absent');
  }

  entries(b) {
    const voided = new Set();
    b.entries.forEach((entry, n) => {
      for (const e of entry.events) if (e.type === 'undone') voided.add(e.entry);
      const isVoid = entry.void === true;
      this.handsBefore = structuredClone(this.state.hands);   // a draw's hand limit counts the hand before it
      if (!isVoid) this.command(b, entry, n); else this.stats.voidEntries++;
      entry.events.forEach((e, i) => {
        const where = `entries[${n}].events[${i}] (${entry.command})`;
        const marked = e.void === true;
        const shouldMark = isVoid && (e.counter !== undefined || (e.type === 'drew' && e.draws));
        if (marked !== shouldMark) throw new Error(`${where}: ${marked ? 'marked void' : 'not marked void'}`);
        try {
          this.event(b, entry, e, isVoid);
          if (!isVoid) applyEvent(this.state, e);
        } catch (err) { throw new Error(`${where}: ${err.message}`); }
      });
    });
    b.entries.forEach((entry, n) => {
      if ((entry.void === true) !== voided.has(n))
        throw new Error(`entries[${n}]: ${entry.void ? 'void, but no undo names it' : 'named by an undo, but not void'}`);
    });
  }

  /** Executes a command again where the docs fix its events (commands.mjs) and compares them. */
  command(b, entry, n) {
    let want;
    try { want = this.commands.derive(this.state, b.author, entry.command, entry.events[0], n, b.entries); }
    catch (err) { throw new Error(`entries[${n}] "${entry.command}": refused by the rules: ${err.message}`); }
    if (want === null) { this.stats.sealedCommands++; return; }
    if (want === 'left') { this.stats.commandsLeft++; return; }
    const got = entry.events.map((e) => {
      const w = (e.warnings ?? []).filter((x) => !UNDERIVED_WARNINGS.has(x.code));
      this.stats.warningsLeft += (e.warnings?.length ?? 0) - w.length;
      const { warnings, ...rest } = e;
      return w.length ? { ...rest, warnings: w } : rest;
    });
    for (let i = 0; i < Math.max(got.length, want.length); i++) {
      if (want[i]?.unchecked) { this.stats[want[i].unchecked === 'sealed' ? 'sealedCommands' : 'commandsLeft']++; return; }
      if (!same(got[i], want[i]))
        throw new Error(`entries[${n}] "${entry.command}": event ${i} logged ${canonical(got[i] ?? null)}, but the docs give ${canonical(want[i] ?? null)}`);
    }
    this.stats.commands++;
  }

  /** The checks of one event of an entry that the docs let a verifier derive before folding it. */
  event(b, entry, e, isVoid) {
    const author = b.author;
    if (e.type === 'rolled' || e.type === 'shuffled' || (e.type === 'resolved' && !e.immediate))
      throw new Error(`an unsealed ${e.type} in an entry (protocol 2 seals it)`);
    if (e.type === 'answered') throw new Error('answered outside the resolutions');
    if (e.type === 'drew' && !e.cards) throw new Error('a secret drew outside the resolutions');
    if (e.type === 'resolved') {
      if (e.counter !== this.counter)
        throw new Error(`roll counter ${e.counter}, but the next counter is ${this.counter}`);
      const key = epochKey(this.gameId, b.epoch, this.own, this.others);
      const o = resolveOf(this.m, entry.command, e);
      const want = { ...o.event(this.counter, roll(key, this.counter, o.dice)[0]) };
      if (isVoid) want.void = true;
      if (!same(want, e)) throw new Error(`logged ${canonical(e)}, but the epoch key gives ${canonical(want)}`);
      this.counter++;
      this.stats.resolves++;
      return;
    }
    if (e.type !== 'sealed') return;
    const base = { id: e.id, kind: e.kind, side: author, epoch: b.epoch, own: this.own,
      awaiting: this.awaiting(author) };
    if (e.kind === 'draw') {
      const d = this.state.decks[e.deck];
      if (!d) throw new Error(`unknown deck ${e.deck}`);
      if (this.hidden[author].k >= d.period + 1)
        throw new Error(`period ${d.period} of deck ${e.deck} is closed: its hidden value (#${d.period + 1}) was revealed`);
      const indices = e.indices.map((_, i) => d.drawn + i);
      const want = { type: 'sealed', ...base, id: `${author}/${e.deck}/${d.period}/${d.drawn}`, deck: e.deck,
        period: d.period, indices, pool: d.pool, ...(d.held ? { held: d.held } : {}),
        ...(e.count !== undefined ? { count: e.count } : {}) };
      // docs/events.md `sealed`: the first draw of the command discharges the side's draw obligation of the deck
      const owed = (this.state.obligations ?? []).find((o) => o.kind === 'draw' && o.deck === e.deck && o.side === author);
      if (owed && e === entry.events.find((x) => x.type === 'sealed')) want.obligation = owed.id;
      if (e === entry.events[entry.events.length - 1]) {
        const deck = this.m.decks.find((x) => x.id === e.deck);
        const n = entry.events.filter((x) => x.type === 'sealed').reduce((a, x) => a + x.indices.length, 0);
        const limit = handLimitWarning(this.m, { hands: this.handsBefore }, deck, author, n);
        if (limit) want.warnings = [limit];
      }
      if (!same(want, e)) throw new Error(`logged ${canonical(e)}, but the state gives ${canonical(want)}`);
      if (!isVoid) { this.draws.push({ record: structuredClone(want), values: null,
        commitments: null }); this.stats.draws += e.indices.length; }
      return;
    }
    const want = { type: 'sealed', ...base, id: `${author}/${b.epoch}/${this.counter}`, counter: this.counter };
    if (e.kind === 'shuffle') {
      const d = this.state.decks[e.deck];
      want.deck = e.deck;
      // add-cards: the draw pile with the added cards, then (addWithDiscard) the discard pile
      const withDiscard = !entry.command.startsWith('add-cards')
        || this.m.decks.find((x) => x.id === e.deck)?.addWithDiscard === true;
      want.cards = withDiscard ? [...d.order, ...d.discard] : [...d.order];
    } else want.command = entry.command;
    if (e.kind === 'resolve' && (e.bound !== undefined || e.derived !== undefined)) {
      // a procedure bound to pieces: the canonical command, `bound` and `derived` rest on the
      // modifiers' `when`, which this verifier does not evaluate; they are taken from the log
      want.command = e.command;
      if (e.bound !== undefined) want.bound = e.bound;
      if (e.derived !== undefined) want.derived = e.derived;
      this.stats.takenFromLog++;
    }
    // which reply obligation a resolve discharges is the engine's match of its binds: from the log
    if (e.kind === 'resolve' && e.obligation !== undefined) { want.obligation = e.obligation; this.stats.takenFromLog++; }
    const warned = this.sealedWarnings(e);
    if (warned.length) want.warnings = warned;
    if (isVoid) want.void = true;
    if (!same(want, e)) throw new Error(`logged ${canonical(e)}, but the docs give ${canonical(want)}`);
    this.counter++;
  }

  /**
   * The warnings a `sealed` event carries (docs/events.md `resolved`: "Requirements (`requires`) not
   * met: `prohibited` warnings"; the `turn` and `obligation` warnings of the command's first event):
   * taken from the log, as the modifiers' `when` is — this verifier does not evaluate `requires`. Each
   * `prohibited` one must still be "<procedure>: <message>" of one of the procedure's requirements,
   * each at most once, in module order.
   */
  sealedWarnings(e) {
    const logged = e.warnings ?? [];
    const proc = e.kind === 'resolve' ? this.m.procedures.find((p) => p.id === words(e.command)[1]?.text) : undefined;
    const texts = (proc?.requires ?? []).map((r) => `${proc.id}: ${r.message}`);
    let next = 0;
    for (const w of logged) {
      if (UNDERIVED_WARNINGS.has(w.code)) { this.stats.warningsLeft++; continue; }
      const at = w.code === 'prohibited' ? texts.indexOf(w.message, next) : -1;
      if (at < 0) throw new Error(`${e.id}: warning ${canonical(w)} is none the docs give a sealed ${e.kind}`);
      next = at + 1;
      this.stats.takenFromLog++;
    }
    return logged;
  }

  /** docs/dice-protocol.md "Hidden draws and deck periods", "Audits are enforced". */
  hiddenReveals(b) {
    for (const [i, r] of (b.hiddenReveals ?? []).entries()) {
      const h = this.hidden[b.author];
      if (r.period !== h.k + 1)
        throw new Error(`hiddenReveals[${i}]: reveal #${r.period}, but the next is #${h.k + 1}`);
      if (chainStep(HIDDEN_TAG, r.value) !== h.value)
        throw new Error(`hiddenReveals[${i}]: not the next value of ${b.author}'s hidden chain`);
      h.value = r.value; h.k = r.period;
      const period = r.period - 1;
      const ours = this.draws.filter((d) => d.record.side === b.author && d.record.period === period);
      const byDeck = new Map();
      for (const d of ours) {
        if (!d.commitments)
          throw new Error(`hiddenReveals[${i}]: draw ${d.record.id} of the period it opens is not committed to yet`);
        (byDeck.get(d.record.deck) ?? byDeck.set(d.record.deck, []).get(d.record.deck)).push(d);
      }
      for (const [deck, list] of byDeck) {
        const taken = [];
        for (const d of list.sort((x, y) => x.record.indices[0] - y.record.indices[0])) {
          const key = drawKey(this.gameId, deck, r.value, sortedValues(d.values));
          // the cards held when the period began: known from the audits of their own, earlier periods
          const held = (d.record.held ?? []).map((c) => {
            if (!this.opened.has(c)) throw new Error(`hidden reveal #${r.period}: held commitment ${c} of ${d.record.id} was never audited`);
            return this.opened.get(c);
          });
          d.record.indices.forEach((index, j) => {
            const undrawn = d.record.pool.filter((c) => !taken.includes(c) && !held.includes(c));
            const got = draw(key, index, undrawn);
            if (got.commitment !== d.commitments[j])
              throw new Error(`hidden reveal #${r.period} exposes an invented draw: ${d.record.id} draw #${index} from ${deck} commits to ${d.commitments[j]}, but the draw gives ${got.card} (${got.commitment})`);
            taken.push(got.card);
            this.opened.set(got.commitment, got.card);
            this.stats.audited++;
          });
        }
      }
    }
  }

  closing(b) {
    const periods = this.draws.filter((d) => d.record.side === b.author).map((d) => d.record.period);
    const need = periods.length ? Math.max(...periods) + 1 : 0;
    if (this.hidden[b.author].k < need)
      throw new Error(`a final segment must reveal every hidden value ${b.author}'s draws used (through #${need})`);
    this.final.add(b.author);
  }
}
