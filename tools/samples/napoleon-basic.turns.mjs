// Napoleonic basic rules 1.1, our Austerlitz scenario, turns 1-2, played by the book (../shared/seeds/001).
// Each turn is a run of initiative contests (4.1 "争夺胜出的一方移动一个军团的算子（如无一方操作完所有算子则
// 重复第一步）"): the French roll `initiative-first` (+1 for the Emperor, our scenario modifier), sealed; the
// Coalition's reply resolves it and answers with `initiative-second` against that total, which the module
// marks immediate (the contest decides who moves next: modules/napoleon-basic/README.md). The winner moves
// one corps and marks its lead `corps-moved`; the engine refuses a new contest before that (procedure
// `requires`), counts the ties (5.3) and stops the contests at the third (5.4). Contests go on until one
// side has moved every corps; the other then moves its remaining corps one by one (phase 3).
//
// Fire (chapter 8) only at an adjacent enemy (7.1), never by a disordered unit (8.2), a battery (7.3)
// or a unit that has fought this turn (7.2): `resolve fire firer=… enemy=…` reads the target's morale,
// the firer's printed modifier, fire support (8.4) and artillery support (8.5) from the board. Fire is
// mutual (8.1): the result obliges the unit fired on to fire back (`return-fire`, its fire points; a
// battery once, 7.3), which its owner does first thing in his reply. Results apply themselves: a hit
// turns a normal division disordered and a disordered one routed (8.2). Davout's Friant and Bourcier
// arrive as turn 2 ends (4.1 "援军到达（不是视作下回合到达，而是这回合）"). In turn 2's phase 3 Bagration's
// cavalry, having passed through Liechtenstein's (6.5 +1 MP, 9.8), charges Vandamme (chapter 9): in good
// order he gives interception fire first (9.1; a hit stops the charge, and 9.8 sends it back through the
// friend); disordered, he gives none (9.1) and may not withdraw (9.7), so the melee starts at once; the
// engine counts the points (9.7: cavalry against infantry not in square +1), forces the withdrawal at
// 1/4 of the morale (9.5, the attacker says `force`) or with damage at 1/3 (9.6), knocks the charging
// unit out with the defender's point (9.4), and allows the advance into the vacated hex (one hex). After
// turn 2 each side takes the last results, then both end with `reveal --final`.
const SIDES = ['french', 'coalition'];
const enemyOf = (side) => (side === 'french' ? 'coalition' : 'french');

/** Hex distance on the Austerlitz board (pointy-topped, 0-based odd rows shifted right, labels ccrr). */
function distance(a, b) {
  const cube = (l) => { const c = Number(l.slice(0, 2)) - 1, r = Number(l.slice(2)) - 1; return { q: c - Math.floor(r / 2), r }; };
  const x = cube(a), y = cube(b);
  const dq = x.q - y.q, dr = x.r - y.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

// The counters' printed values (modules/napoleon-basic/pieces.json) the script needs to plan.
const UNITS = {
  'fr-st-hilaire': ['IV', 'inf', 3], 'fr-vandamme': ['IV', 'inf', 3], 'fr-legrand': ['IV', 'inf', 2], 'fr-margaron': ['IV', 'cav', 0],
  'fr-iv-art': ['IV', 'art', 3], 'fr-suchet': ['V', 'inf', 3], 'fr-caffarelli': ['V', 'inf', 3], 'fr-v-art': ['V', 'art', 3],
  'fr-rivaud': ['I', 'inf', 2], 'fr-drouet': ['I', 'inf', 2], 'fr-friant': ['III', 'inf', 2], 'fr-bourcier': ['III', 'cav', 1],
  'fr-grenadiers': ['Reserve', 'inf', 2], 'fr-guard-inf': ['Guard', 'inf', 2], 'fr-guard-cav': ['Guard', 'cav', 0], 'fr-guard-art': ['Guard', 'art', 4],
  'fr-nansouty': ['Cavalry Reserve', 'cav', 0], 'fr-hautpoul': ['Cavalry Reserve', 'cav', 0], 'fr-kellermann': ['Cavalry Reserve', 'cav', 0],
  'fr-walther': ['Cavalry Reserve', 'cav', 1],
  'al-kienmayer-inf': ['Advance guard', 'inf', 2], 'al-kienmayer-cav': ['Advance guard', 'cav', 0], 'al-dokhturov-1': ['1st Column', 'inf', 3],
  'al-dokhturov-2': ['1st Column', 'inf', 3], 'al-langeron': ['2nd Column', 'inf', 3], 'al-przhebishevsky': ['3rd Column', 'inf', 3],
  'al-miloradovich': ['4th Column', 'inf', 3], 'al-kollowrat': ['4th Column', 'inf', 2], 'al-4col-art': ['4th Column', 'art', 3],
  'al-bagration-1': ['Bagration', 'inf', 3], 'al-bagration-2': ['Bagration', 'inf', 2], 'al-bagration-cav': ['Bagration', 'cav', 0],
  'al-bagration-art': ['Bagration', 'art', 3], 'al-liechtenstein-1': ['Liechtenstein', 'cav', 0], 'al-liechtenstein-2': ['Liechtenstein', 'cav', 0],
  'al-guard-inf': ['Guard', 'inf', 3], 'al-guard-cav': ['Guard', 'cav', 0], 'al-guard-art': ['Guard', 'art', 3],
};
const sideOf = (id) => (id.startsWith('fr-') ? 'french' : 'coalition');
const corpsOf = (side) => [...new Set(Object.keys(UNITS).filter((id) => sideOf(id) === side).map((id) => UNITS[id][0]))];
const unitsOfCorps = (side, corps) => Object.keys(UNITS).filter((id) => sideOf(id) === side && UNITS[id][0] === corps);
/** rolls a unit owes when fired on (8.1; a battery once, 7.3; cavalry without fire points none) */
const returnFire = (id) => (UNITS[id][1] === 'art' ? 1 : UNITS[id][2]);

/** Each corps' moves by turn, in the order its side moves them (our plan; a corps not listed holds). */
const MOVES = {
  1: {
    IV: ['fr-st-hilaire 0610 0710 0810', 'fr-vandamme 0608 0708 0808', 'fr-legrand 0514', 'fr-iv-art 0509 0609'],
    V: ['fr-caffarelli 0605 0705', 'fr-suchet 0505 0605'],
    I: ['fr-rivaud 0407 0507', 'fr-drouet 0408 0409'],
    '4th Column': ['al-miloradovich 1009 0909', 'al-kollowrat 1109 1008'],
    '1st Column': ['al-dokhturov-1 0814 0714', 'al-dokhturov-2 0914'],
    '3rd Column': ['al-przhebishevsky 0911'],
    '2nd Column': ['al-langeron 0913'],
    Liechtenstein: ['al-liechtenstein-1 1106 1006'],
  },
  2: {
    IV: ['fr-vandamme 0908'],
    V: ['fr-caffarelli 0805'],
    // Bagration's cavalry through Liechtenstein's (6.4 "但可以穿越"; 6.5 "骑兵穿越骑兵时只是穿越的骑兵多消耗1移动点")
    // to charge Vandamme in phase 3 (9.8: a charge through a friend; if it fails, back through it)
    Bagration: ['al-bagration-2 1005', 'al-bagration-cav 1104 1105 1006 1007'],
  },
};
/** The charges planned (chapter 9), by turn: made in phase 3 when the charging unit stands next to its target. */
const CHARGES = { 2: { 'al-bagration-cav': 'fr-vandamme' } };
let charge = null;                                   // the melee under way: { unit, defender, side, at, state }
const ORDER = {
  french: ['IV', 'V', 'I', 'III', 'Reserve', 'Guard', 'Cavalry Reserve'],
  coalition: ['4th Column', '1st Column', '3rd Column', '2nd Column', 'Liechtenstein', 'Advance guard', 'Bagration', 'Guard'],
};

// What the script keeps between steps (the engine keeps the same in the log: this is only for planning).
let turn = 1;
const movedCorps = { french: [], coalition: [] };   // corps moved this turn
const fought = new Set();                            // units marked `fought` this turn (7.2)
const committed = new Set();                         // batteries marked `artillery-committed` this turn (8.5)
const owes = { french: [], coalition: [] };          // return fire each side owes at its next step (8.1)

// `show --json` verifies the log each time: one call per step is enough
const shown = new WeakMap();
const stateOf = (ctx) => { if (!shown.has(ctx)) shown.set(ctx, ctx.state()); return shown.get(ctx); };
// the board as this step leaves it so far: the moves of its earlier corps count for the later ones
const boards = new WeakMap();
const boardNow = (ctx) => {
  if (!boards.has(ctx)) {
    // with the results this step's reveal resolves (a hit disorders or routs the unit fired on, 8.2)
    const board = boardOf(stateOf(ctx));
    for (const e of ctx.resolutions()) {
      if (e.type !== 'lost' || !board[e.piece]) continue;
      if (e.to === null) delete board[e.piece]; else board[e.piece].face = e.to;
    }
    boards.set(ctx, board);
  }
  return boards.get(ctx);
};

/** The pieces on the board now: id -> { at, face } (from `show --json`, then updated by this step's moves). */
function boardOf(state) {
  const out = {};
  for (const [id, p] of Object.entries(state.pieces)) if (p.at && /^\d{4}$/.test(p.at)) out[id] = { at: p.at, face: p.face };
  return out;
}

/** A friendly battery in support range of the target (8.5: its fire points), not yet committed this turn. */
function battery(board, side, target) {
  return Object.keys(board).find((id) => sideOf(id) === side && UNITS[id][1] === 'art' && !committed.has(id)
    && distance(board[id].at, board[target].at) <= UNITS[id][2]);
}

/** The return fire this side owes (8.1), first thing in its step: the obligation allows nothing before it. */
function replies(ctx, side) {
  if (!owes[side].length) return '';
  const board = boardNow(ctx);
  // 8.1 "双方判定数据都是用判定时候的": a unit the fire it answers routed off the map (resolved as this step
  // opens) still fires back, from where it stood (the engine keeps its obligation); fire at a unit
  // gone from the map is void (8.7), so nothing is owed at it
  let s = '';
  let marks = '';                                    // after every roll owed: a mark is no return fire (8.1)
  for (const { firer, enemy } of owes[side].splice(0)) {
    if (!board[enemy]) continue;
    const gone = !board[firer];
    if (gone && !ctx.resolutions().some((e) => e.type === 'lost' && e.piece === firer && e.to === null)) continue;
    const art = battery(board, side, enemy);
    s += `# 8.1: ${firer} fires back at ${enemy}${art ? `, ${art} in support (8.5)` : ''}\n`;
    for (let i = 0; i < returnFire(firer); i++) s += `resolve return-fire firer=${firer} enemy=${enemy}${art ? ` artillery=${art}` : ''}\n`;
    if (!fought.has(firer) && !gone) { fought.add(firer); marks += `mark ${firer} fought\n`; }
    if (art) { committed.add(art); marks += `mark ${art} artillery-committed\n`; }
  }
  return s + marks;
}

/** One corps moves (4.1 step 2): its planned moves, then the fire of each of its units next to an enemy. */
function corpsMove(ctx, side, corps, phase3 = false) {
  const board = boardNow(ctx);
  const units = unitsOfCorps(side, corps);
  let s = `# ${side} ${corps} corps\n`;
  for (const line of MOVES[turn]?.[corps] ?? []) {
    const [id, ...path] = line.split(' ');
    const to = path[path.length - 1];
    if (!board[id] || fought.has(id) || Object.values(board).some((p) => p.at === to)) continue; // 6.3: no move after combat
    s += `move ${line}\n`;
    board[id].at = to;
  }
  for (const id of units) {
    const me = board[id];
    if (!me || me.face !== 'normal' || UNITS[id][1] === 'art' || UNITS[id][2] === 0 || fought.has(id)) continue;
    const enemy = Object.keys(board).find((e) => sideOf(e) !== side && distance(board[e].at, me.at) === 1);
    if (!enemy) continue;
    const supporters = units.filter((u) => u !== id && board[u]?.face === 'normal' && UNITS[u][1] !== 'art' && UNITS[u][2] > 0
      && !fought.has(u) && distance(board[u].at, board[enemy].at) === 1);
    const art = battery(board, side, enemy);
    s += `# ${id} fires on ${enemy}${supporters.length ? `, ${supporters.join(', ')} in support (8.4)` : ''}${art ? `, ${art} supporting (8.5)` : ''}\n`;
    for (let i = 0; i < UNITS[id][2]; i++) {
      s += `resolve fire firer=${id} enemy=${enemy}${supporters.length ? ` supporters=${supporters.join(',')}` : ''}${art ? ` artillery=${art}` : ''}   # fire point ${i + 1} of ${UNITS[id][2]}\n`;
    }
    for (const u of [id, ...supporters]) { fought.add(u); s += `mark ${u} fought\n`; }
    if (art) { committed.add(art); s += `mark ${art} artillery-committed\n`; }
    if (returnFire(enemy) > 0 && !owes[enemyOf(side)].some((o) => o.firer === enemy && o.enemy === id)) owes[enemyOf(side)].push({ firer: enemy, enemy: id });
  }
  // a charge (9.9): declared, no withdrawal and no interception fire by a disordered unit charged by
  // cavalry (9.1 "混乱单位不能阻截射击", 9.7 "骑兵冲击混乱单位时混乱单位不能战前撤退"): the melee begins
  for (const [id, target] of Object.entries(phase3 ? CHARGES[turn] ?? {} : {})) {
    if (!units.includes(id) || !board[id] || !board[target] || fought.has(id) || distance(board[id].at, board[target].at) !== 1) continue;
    if (UNITS[id][1] !== 'cav' || board[target].face === 'routed') continue;
    const line = (MOVES[turn]?.[corps] ?? []).find((l) => l.startsWith(`${id} `));
    charge = { unit: id, defender: target, side, at: board[target].at, state: 'rolled', rounds: 1, path: line ? line.split(' ').slice(1) : [] };
    fought.add(id);
    // 9.9 "1．攻方宣布参与冲击战的单位": a cavalry charge is declared on the unit charged (9.7: disordered, it may not withdraw)
    s += `mark ${target} charged-by-cavalry\n`;
    if (board[target].face !== 'disordered') {
      // 9.1 "守方单位给予所有冲击单位一次免费的射击判定…视作阻截射击": the defender fires first, in its reply
      s += `# 9.9: ${id} charges ${target}; ${target} stands (no withdrawal before combat) and gives interception fire (9.1)\n`;
      charge.state = 'declared'; charge.rounds = 0;
      continue;
    }
    s += `# 9.9: ${id} charges ${target}; the attacker will be satisfied at 1/4 of its morale (9.5: force)\n`;
    s += `resolve melee unit=${id} defender=${target} charging=${id} force\n`;
  }
  const lead = units.find((u) => board[u]) ?? units[0];
  movedCorps[side].push(corps);
  leads.push(lead);
  return `${s}mark ${lead} corps-moved\n`;
}

// III Corps arrives as turn 2 ends (4.1), so it has no move in turns 1-2
const nextCorps = (side) => ORDER[side].find((c) => !movedCorps[side].includes(c) && (c !== 'III' || turn > 2));
const allMoved = (side) => nextCorps(side) === undefined;
const leads = [];                                    // corps-moved markers put on this turn

/** Phase 4 (4.1): the turn's markers come off, the turn record moves on, `next` begins the next turn. */
function endOfTurn(ending) {
  let s = 'next   # phase 4: end of turn\n';
  for (const id of leads.splice(0)) s += `unmark ${id} corps-moved\n`;
  for (const id of fought) s += `unmark ${id} fought\n`;
  for (const id of committed) s += `unmark ${id} artillery-committed\n`;
  for (const side of SIDES) movedCorps[side] = [];
  fought.clear(); committed.clear();
  return `${s}track turn ${ending + 1}\nnext   # turn ${ending + 1}: the reinforcements of turn ${ending} arrive as it ends (4.1)\n`;
}

/** An empty hex next to `at`, two hexes from `away` (the withdrawal of 11.1 "脱离必须脱离到空格"). */
function withdrawalHex(board, at, away) {
  const c = Number(at.slice(0, 2)), r = Number(at.slice(2));
  for (let dc = -1; dc <= 1; dc++) for (let dr = -1; dr <= 1; dr++) {
    const l = `${String(c + dc).padStart(2, '0')}${String(r + dr).padStart(2, '0')}`;
    if (c + dc < 1 || c + dc > 20 || r + dr < 1 || r + dr > 16 || distance(at, l) !== 1 || distance(away, l) !== 2) continue;
    if (!Object.values(board).some((p) => p.at === l)) return l;
  }
  return null;
}

/**
 * The melee of a charge (9.2-9.9), round by round: the defender's side takes what the attacker's
 * points did (a withdrawal it owes, 9.5/9.6) or rolls its own point (9.4); the attacker then advances
 * into the vacated hex, rolls again, or is out. Each round is one segment of each side.
 */
async function* melee() {
  while (charge) {
    const c = charge, defSide = enemyOf(c.side);
    yield {
      side: defSide, title: `turn ${turn}: melee, the defender (9.4-9.6)`,
      script: async (ctx) => {
        let s = replies(ctx, defSide);
        if (c.state === 'declared') {
          c.state = 'intercepted';
          return `${s}# 9.1: interception fire, one roll; a hit stops the charge\nresolve interception-fire firer=${c.defender} enemy=${c.unit}\n`;
        }
        const res = ctx.resolutions();
        const gone = res.some((e) => e.type === 'lost' && e.piece === c.defender && e.to === null);
        const owes = res.some((e) => e.type === 'obliged' && e.kind === 'retreat' && e.pieces.includes(c.defender));
        if (gone) { c.state = 'over'; return `${s}note "${c.defender} is routed off: the melee is over"\n`; }
        if (owes) {
          const to = withdrawalHex(boardNow(ctx), c.at, boardNow(ctx)[c.unit].at);
          c.state = 'withdrawn';
          return `${s}# 9.5/9.6: the attacker's points force ${c.defender} to withdraw (11.1: into an empty hex)\nretreat ${c.defender} ${to}\n`;
        }
        c.state = 'rolled';
        return `${s}# 9.2: the defender rolls against its grade; its point knocks the charging unit out (9.4)\nresolve melee-defence unit=${c.defender} against=${c.unit}\n`;
      },
    };
    yield {
      side: c.side, title: `turn ${turn}: melee, the attacker (9.2, 9.5)`,
      script: async (ctx) => {
        let s = replies(ctx, c.side);
        if (c.state === 'withdrawn') { charge = null; return `${s}# 6.3 "（追击除外）": the charging unit follows into the hex vacated, one hex\nadvance ${c.unit}\n`; }
        if (c.state === 'over') { charge = null; return `${s}note "the melee is over"\n`; }
        const out = ctx.resolutions().some((e) => e.type === 'marked' && e.target === c.unit && e.marker === 'out-of-melee');
        // 9.8 "一旦突击失败，将视作强制穿越回刚才穿越的那个单位": the unit that charged through a friend goes back through it
        const back = ctx.resolutions().some((e) => e.type === 'obliged' && e.kind === 'retreat' && e.pieces.includes(c.unit));
        if (out && back) {
          charge = null;
          const via = c.path.slice(-3, -1).reverse();
          return `${s}# 9.1/9.4: ${c.unit} is stopped or knocked out; 9.8: it charged through a friend and is forced back through it\nretreat ${c.unit} ${via.join(' ')}\n`;
        }
        if (out || c.rounds >= 4) { charge = null; return `${s}note "${out ? `${c.unit} is knocked out of the melee (9.4)` : 'the attacker is satisfied (9.2)'}: the charge ends"\n`; }
        c.rounds++;
        return `${s}resolve melee unit=${c.unit} defender=${c.defender} charging=${c.unit} force   # round ${c.rounds}\n`;
      },
    };
  }
}

export default {
  module: 'napoleon-basic',
  scenario: 'austerlitz',
  out: 'logs/napoleon-basic-sample.hexlog',
  creator: 'french',
  other: 'coalition',
  facts: {
    pieces: ['fr-st-hilaire', 'fr-vandamme', 'al-miloradovich', 'al-przhebishevsky', 'fr-friant'],
    tracks: ['turn', 'ties', 'contests', 'french-morale', 'coalition-morale'],
  },
  steps: async function* () {
    let carry = null;                               // the French end the last turn in their next step
    let skippedTurn = null;                         // 5.4: the turn the French end in their next step
    const opening = (ctx) => {
      let s = replies(ctx, 'french');
      if (carry !== null) { s += endOfTurn(carry); carry = null; }
      if (skippedTurn !== null) { s += `next   # the contests are over (5.4)\nnext   # phase 3: nobody moves\n${endOfTurn(skippedTurn)}`; skippedTurn = null; }
      return s;
    };
    // 4.1 "1．双方争夺主动权": the contest segment ends only when each side has said next, so the side
    // whose step moves its last corps says it there; the other side's next then ends the contests
    const contestsOver = (side) => (allMoved(side) ? `next   # every ${side} corps has moved: the contests are over, said next (4.1)\n` : '');
    for (; turn <= 2; turn++) {
      let frenchOwes = false; let skipped = false;
      while (!allMoved('french') && !allMoved('coalition')) {
        yield {
          side: 'french', title: `turn ${turn}: French initiative roll (sealed)`,
          script: async (ctx) => {
            let s = opening(ctx);
            if (frenchOwes) s += corpsMove(ctx, 'french', nextCorps('french'));
            frenchOwes = false;
            if (allMoved('french')) return s + contestsOver('french');
            return `${s}resolve initiative-first initiative=1   # the Emperor's +1 (our scenario)\n`;
          },
        };
        if (allMoved('french')) break;
        yield {
          side: 'coalition', title: `turn ${turn}: Coalition initiative roll (immediate)`,
          script: async (ctx) => {
            const first = ctx.outcomes('french').filter((e) => e.type === 'resolved' && e.procedure === 'initiative-first').at(-1).total;
            const s = replies(ctx, 'coalition') + `resolve initiative-second opponent=${first}   # the French rolled ${first}\n`;
            const r = ctx.dry(s).filter((e) => e.type === 'resolved' && e.procedure === 'initiative-second').at(-1);
            if (!r.immediate) throw new Error('initiative-second should be immediate');
            if (r.index > 0) { const move = corpsMove(ctx, 'coalition', nextCorps('coalition')); return s + move + contestsOver('coalition'); }
            if (r.index < 0) { frenchOwes = true; return `${s}note "the French win the contest and move a corps"\n`; }
            if (stateOf(ctx).tracks.ties >= 2) {
              skipped = true;
              skippedTurn = turn;                   // the French's next ends the contests and the turn
              return `${s}note "third tie in a row: the turn is skipped (5.4)"\nnext   # said next: the contests are over\n`;
            }
            return `${s}note "tie: roll again (5.3)"\n`;
          },
        };
        if (skipped) break;
      }
      if (skipped) continue;
      // Phase 3: the side with corps left moves them one by one, no contest (4.1, 5.2); then phase 4.
      const mover = allMoved('french') ? 'coalition' : 'french';
      const ending = turn;
      yield {
        side: mover, title: `turn ${turn}: ${mover} move their remaining corps (phase 3)`,
        script: async (ctx) => {
          let s = (mover === 'french' ? opening(ctx) : replies(ctx, mover)) + 'next   # corps-move segment\nnext   # phase 3: remaining corps\n';
          for (let c = nextCorps(mover); c; c = nextCorps(mover)) s += corpsMove(ctx, mover, c, true);
          return s;
        },
      };
      yield* melee();
      if (mover === 'french') {
        yield { side: 'coalition', title: `turn ${turn}: return fire, end of turn`, script: async (ctx) => replies(ctx, 'coalition') + endOfTurn(ending) };
      } else {
        carry = ending;                             // the French answer and end the turn in their next step
        for (const side of SIDES) movedCorps[side] = []; // so the next turn's contests begin (its markers come off then)
      }
    }
    yield { side: 'french', title: 'after turn 2: the last return fire', script: async (ctx) => opening(ctx) || 'note "no fire left to answer"\n' };
    yield { side: 'coalition', title: 'after turn 2: the last results', script: async (ctx) => replies(ctx, 'coalition') || 'note "no fire left to answer"\n' };
    yield { side: 'french', reveal: 'final' };
    yield { side: 'coalition', reveal: 'final' };
  },
};
