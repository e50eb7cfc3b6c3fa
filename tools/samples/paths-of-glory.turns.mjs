// Paths of Glory, the 1914 campaign game, turns 1-3. Each turn: both sides roll the mandatory
// offensive (§2) and mark the nation that must attack; six action rounds alternate, Central Powers
// first (§3), each playing one card from the hidden 7-card hand as operations (moves and attacks on
// the point-to-point map), strategic redeployment (from the reserve box), replacement points (onto
// the nation's RP track) or its event; then siege rolls for besieged forts (§11), the war status
// phase, replacements and the draw phase (draw up to 7, §14).
//
// Attacks use the module's procedures bound to the pieces: `army-fire firing=… enemy=…` reads the
// firing units' combat factors (and a defending fort's strength, §9) and the defender's terrain and
// trench by itself. Every roll is sealed (docs/sample-games.md): the attacker commits both fires of
// a combat (his own and the defender's fire back) in his action round, and the defender's reply
// resolves them; the engine then applies each result as loss points by loss factor (full →
// reduced → eliminated). One unit attacks one unit, so no loss is left to a choice. The attacker
// advances in his next round into a space its defender has left. The mandatory offensive rolls and
// the siege roll are read the same way: a side marks the nation that must attack in its first
// action round; the siege roll's result places the fort-destroyed marker and hands the fallen fort's
// space to the besiegers (rules.control, §11). Control of every space is the engine's: a unit
// entering an enemy space without an intact fort takes it (§5.6), supply is traced from it (§10) and
// the attrition phase eliminates the units that cannot trace it: in turn 3 the Austro-Hungarian 6th
// Army crosses the Drina ford into Valjevo, which the Serbs have left, and is cut off there (the ford
// carries no supply); the Allies take the isolated space back in the war status phase (§10 "可能").
// Every normal move starts from a space marked activated-move (§5); a move from a box is none. The phases both sides play (mandatory
// offensive, attrition, siege, war status, draw: §2 "双方各掷一次骰子", §10 "双方检查部队", §14 "双方…
// 分别…抽牌") end only when each side has said next, so each says it in his own segment. The British corps in
// London crosses the Channel to Calais by the dashed sea route (British, French and US only).
//
// The decks: each side starts with its 14 Mobilization cards. 7 are drawn in the turn-1 mandatory
// offensive phase, 6 in the turn-1 draw phase, and the turn-2 draw phase empties the deck: its next
// draw reshuffles the discard pile (a new deck period). A draw is sealed: its cards are known to
// their owner with the opponent's reply, and the owner's next segment commits to them. The two cards still held from the first
// period are played first in turn 3; once they are out of the hand, `turn` reveals the ended
// period's hidden value and every tool audits its draws. In the turn-3 war status phase both sides
// reach Limited War and add the Limited War set (`add-cards <deck> limited-war`): §14.3 "将相应抽牌堆与
// 弃牌堆重新洗混", so the deck's undrawn cards, its discard pile and the new set make a new deck period,
// the cards each side holds staying in his hand (docs/dice-protocol.md, "Cards added with the discard
// pile"). Each action round plays one card (§3: a second would be warned), and the draw phase's
// `draw <deck>` draws up to 7 by itself (§14). The game ends after the turn-3 draw with `reveal
// --final` by each side, which audits the three deck periods of each deck.
//
// What the module leaves to the players (and this sample decides): the module gives no
// commitment thresholds, so both sides go to Limited War in the turn-3 war status phase.
const res = (events, procedure) => events.filter((e) => e.type === 'resolved' && e.procedure === procedure).at(-1);

const units = {};                                         // id -> 'full' | 'reduced' | 'eliminated', as the engine left it
const where = {};                                         // id -> its location, as the engine left it
const owed = { cp: '', ap: '' };                          // commands each side owes its next segment
let vp = 10;
const mo = { cp: null, ap: null };                        // the nation that must attack this turn
const attacked = { cp: new Set(), ap: new Set() };
let liege = 'held';                                      // 'held' | 'clear' | 'besieged' | 'fallen'
let closedUp = false;                                    // ge-c9 has closed up behind Liège
const periodOne = { cp: [], ap: [] };                     // cards still held from the first period

/** the counters as this step finds them: the log so far, then the losses its reveal resolves */
function take(ctx, side) {
  const st = ctx.state();
  // the eliminated box, or (an army cut off at attrition, §10) the permanently removed box
  for (const [id, p] of Object.entries(st.pieces)) { units[id] = /-(eliminated|removed)$/.test(p.at ?? '') ? 'eliminated' : p.face; where[id] = p.at; }
  for (const e of ctx.resolutions()) if (e.type === 'lost') units[e.piece] = e.to === null ? 'eliminated' : e.to;
  if (liege === 'held' && units['be-c2'] === 'eliminated') liege = 'clear';
  const s = owed[side]; owed[side] = '';
  return s;
}

/** an attack: the attacker commits his fire and the defender's fire back; losses come with the reply */
function attack({ side, nation, from, at, attackers, defender, table = 'army-fire', backTable = 'army-fire', why }) {
  if (attackers.some((u) => units[u] === 'eliminated')) return `note "no attack from ${from}: the attackers are gone"\n`;
  if (units[defender] === 'eliminated') {
    // the defender was destroyed and its owner has taken it off: march in and take control
    if (controlled[at]) return `note "${at} is already taken"\n`;
    controlled[at] = side;
    // §5.6: the engine hands the space over as the unit enters (rules.control)
    let s = `mark ${from} activated-move\nmove ${attackers[0]} ${at}   # ${at} is empty: ${why}\n`;
    if (VP_SPACES.has(at)) { vpOwed[side] += side === 'cp' ? 1 : -1; s += `note "${at} is a victory point space: counted in the war status phase"\n`; }
    return s;
  }
  let s = `mark ${from} activated-attack   # ${why}\n`;
  s += `resolve ${table} firing=${attackers.join(',')} enemy=${defender}   # ${attackers.join(' + ')} at ${defender} in ${at}\n`;
  s += `resolve ${backTable} firing=${defender} enemy=${attackers.join(',')}   # ${defender} fires back\n`;
  attacked[side].add(nation);
  if (mo[side] === nation) { s += `unmark ${MO_PIECE[nation]} mandatory-offensive-${side}   # the mandatory offensive is made\n`; mo[side] = 'done'; }
  return s;
}

// the piece that carries a side's mandatory-offensive marker, by nation
const MO_PIECE = { ge: 'ge-a1', ah: 'ah-a1', tu: 'ah-a1', fr: 'fr-a2', br: 'br-c1', ru: 'ru-a1', it: 'ru-a1' };
function moNation(side, result) {
  const r = String(result);
  if (r.startsWith('none')) return null;
  // §2.2 "如果结果指向中立国家…则不需要履行相应进攻义务": Turkey and Italy are neutral in 1914
  if (r.startsWith('TU') || r.startsWith('IT') || r.startsWith('AH against Italy')) return null;
  if (side === 'cp') return r.startsWith('GE') ? 'ge' : 'ah';
  if (r.startsWith('BR')) return 'fr';                                     // no British army on the map: FR
  return r.startsWith('RU') ? 'ru' : 'fr';
}

// Events this sample plays for their effect (cards not listed here are played as operations,
// strategic redeployment or replacement points). Each returns the commands of the event.
const EVENTS = {
  'cp-09-german-reinforcements': () => 'move ge-c11 essen   # a German corps in Essen\n',
  'cp-13-austria-hungary-reinforcements': () => 'move ah-c7 vienna   # an Austro-Hungarian corps in Vienna\n',
  'cp-14-german-reinforcements': () => 'move ge-a9 berlin   # a German army, reduced, in Berlin\nflip ge-a9 reduced\n',
  'cp-11-reichstag-truce': () => 'note "Reichstag Truce: political unity in Germany"\n',
  'cp-06-entrench': () => 'note "Entrench: Central Powers armies may now dig trenches"\n',
  'cp-07-falkenhayn': () => 'note "Falkenhayn: one extra German strategic redeployment this turn"\n',
  'ap-01-british-reinforcements': () => 'move br-c2 london   # a British corps in London\n',
  'ap-03-russian-reinforcements': () => 'move ru-c11 warsaw   # a Russian corps in Warsaw\n',
  'ap-08-russian-reinforcements': () => 'move ru-c12 vilna\nmove ru-c13 kiev   # two Russian corps\n',
  'ap-10-french-reinforcements': () => 'move fr-a6 paris   # a French army, reduced, in Paris\nflip fr-a6 reduced\n',
  'ap-11-russian-reinforcements': () => 'move ru-a6 petrograd   # a Russian army, reduced, in Petrograd\nflip ru-a6 reduced\n',
  'ap-13-rape-of-belgium': () => { let s = ''; if (liege === 'besieged' || liege === 'fallen') { vp--; s += `track vp ${vp}   # German units in Belgium\n`; } return s; },
  'ap-12-entrench': () => 'note "Entrench: Allied armies may now dig trenches"\n',
  'ap-14-british-reinforcements': () => 'move br-a1 amiens   # the BEF in Amiens\n',
};

const RP_TRACK = { GE: 'rp-ge', AH: 'rp-ah', TU: 'rp-tu', BU: 'rp-bu', FR: 'rp-fr', BR: 'rp-br', RU: 'rp-ru', IT: 'rp-it', US: 'rp-us', A: 'rp-allied' };

/** the card a round uses: the oldest card of the hand (first-period cards first), or an event to play */
function pick(ctx, side, want) {
  const hand = ctx.hand().filter((c) => c.deck === `${side}-strategy`).map((c) => c.card);
  const old = hand.filter((c) => periodOne[side].includes(c));
  if (old.length) return { card: old[0], use: want === 'event' ? 'ops' : want };
  if (want === 'event') { const e = hand.find((c) => EVENTS[c]); if (e) return { card: e, use: 'event' }; return { card: hand[0], use: 'ops' }; }
  return { card: hand.find((c) => !EVENTS[c]) ?? hand[0], use: want };
}

const controlled = {};                                    // spaces taken by an advance
const vpOwed = { cp: 0, ap: 0 };                          // VP changes of those, for the war status phase
const VP_SPACES = new Set();
const CARDS = {};
async function loadCards() {
  if (Object.keys(CARDS).length) return;
  const { readFileSync } = await import('node:fs');
  for (const d of ['cp-strategy', 'ap-strategy']) {
    for (const c of JSON.parse(readFileSync(new URL(`../../modules/paths-of-glory/decks/${d}.json`, import.meta.url), 'utf8')).cards) CARDS[c.id] = c;
  }
  for (const sp of JSON.parse(readFileSync(new URL('../../modules/paths-of-glory/boards/europe.json', import.meta.url), 'utf8')).spaces) {
    if (sp.tags?.includes('vp')) VP_SPACES.add(sp.id);
  }
}

/** one action round: the card, its use, and what the side does with it */
function round(side, turn, ar, plan) {
  return {
    side, title: `turn ${turn}, action round ${ar}: ${side === 'cp' ? 'Central Powers' : 'Allied Powers'} — ${plan.title}`,
    script: async (ctx) => {
      await loadCards();
      let s = take(ctx, side);
      if (ar === 1) {
        // the mandatory offensive rolled last segment: its result came with the reply
        const r = res(ctx.outcomes(side), `mandatory-offensive-${side}`);
        mo[side] = moNation(side, r.result);
        s += mo[side] ? `mark ${MO_PIECE[mo[side]]} mandatory-offensive-${side}   # the mandatory offensive roll: ${r.result}\n`
          : `note "the mandatory offensive roll: ${r.result}"\n`;
      }
      if (side === 'cp' && !(turn === 1 && ar === 1)) s += `track action-round ${ar}\n`;
      const { card, use } = pick(ctx, side, plan.want);
      periodOne[side] = periodOne[side].filter((c) => c !== card);
      s += `play ${card} as ${use}   # ${CARDS[card].name} (${CARDS[card].values.ops} ops)\n`;
      if (use === 'event') {
        s += EVENTS[card]();
        // §12: the war status printed on the card (ws) is added to the side's and the combined war
        // status by the play itself (the deck's `plays`)
      }
      else if (use === 'rp') s += `track ${RP_TRACK[CARDS[card].values.rpNation]} +${CARDS[card].values.rp}   # replacement points\n`;
      else if (use === 'sr') s += plan.sr ?? '';
      else s += typeof plan.ops === 'function' ? plan.ops() : (plan.ops ?? '');
      // activation markers come off when the side's round is over (with its next segment)
      for (const [, where, marker] of s.matchAll(/^mark (\S+) (activated-\w+)/gm)) owed[side] += `unmark ${where} ${marker}   # the last round's activation\n`;
      // §10 "双方检查部队…": the attrition phase ends when each side has said next; the Allies say it
      // with their last round, the Central Powers' next ends it
      // (its start eliminated every unit cut off: §10, the engine's `lost` events)
      return s + 'next\n' + (side === 'ap' && ar === 6 ? 'next   # said next in the attrition phase\n' : '');
    },
  };
}

// ---- the plans, action round by action round
const cpPlans = [
  [ // turn 1
    { title: 'the German right wing attacks Liège', want: 'ops', ops: () => attack({ side: 'cp', nation: 'ge', from: 'aachen', at: 'liege', attackers: ['ge-a1'], defender: 'be-c2', backTable: 'corps-fire', why: 'the 1st Army attacks the Liège forts' }) },
    { title: 'the Austro-Hungarian 6th Army attacks across the Drina', want: 'ops', ops: () => attack({ side: 'cp', nation: 'ah', from: 'sarajevo', at: 'valjevo', attackers: ['ah-a6'], defender: 'sb-a2', why: 'Potiorek invades Serbia by the Drina ford' }) },
    { title: 'an event', want: 'event' },
    { title: 'strategic redeployment from the reserve', want: 'sr', sr: 'move ge-c9 cologne   # SR: a German corps from the reserve box\n' },
    { title: 'Liège again, or into the ring forts', want: 'ops', ops: () => liegeOps() },
    { title: 'replacement points', want: 'rp' },
  ],
  [ // turn 2
    { title: 'Liège', want: 'ops', ops: () => liegeOps() },
    { title: 'an event', want: 'event' },
    { title: 'the 8th Army strikes at Kovno', want: 'ops', ops: () => attack({ side: 'cp', nation: 'ge', from: 'insterburg', at: 'kovno', attackers: ['ge-a8'], defender: 'ru-a1', why: 'Prittwitz strikes back at Rennenkampf' }) },
    { title: 'strategic redeployment', want: 'sr', sr: 'move ge-c10 posen   # SR: the second reserve corps to the East\n' },
    { title: 'the Drina again', want: 'ops', ops: () => attack({ side: 'cp', nation: 'ah', from: 'sarajevo', at: 'valjevo', attackers: ['ah-a6'], defender: 'sb-a2', why: 'the second invasion of Serbia' }) },
    { title: 'replacement points', want: 'rp' },
  ],
  [ // turn 3
    { title: 'first-period card: Liège', want: 'ops', ops: () => liegeOps() },
    { title: 'first-period card: Galicia', want: 'ops', ops: () => attack({ side: 'cp', nation: 'ah', from: 'lemberg', at: 'dubno', attackers: ['ah-a3'], defender: 'ru-a3', why: 'the 3rd Army attacks towards Dubno' }) },
    { title: 'an event', want: 'event' },
    { title: 'East Prussia, and over the Drina', want: 'ops', ops: () => attack({ side: 'cp', nation: 'ge', from: 'insterburg', at: 'kovno', attackers: ['ge-a8'], defender: 'ru-a1', why: 'the 8th Army at Kovno again' }) + drinaCrossing() },
    { title: 'strategic redeployment', want: 'sr', sr: 'move ah-c5 cracow   # SR: an Austro-Hungarian corps from the reserve\n' },
    { title: 'replacement points', want: 'rp' },
  ],
];
const apPlans = [
  [ // turn 1
    { title: 'Rennenkampf invades East Prussia', want: 'ops', ops: () => attack({ side: 'ap', nation: 'ru', from: 'kovno', at: 'insterburg', attackers: ['ru-a1'], defender: 'ge-a8', why: 'the 1st Army attacks Insterburg' }) },
    { title: 'the British corps crosses the Channel', want: 'ops', ops: () => 'mark london activated-move\nmove br-c1 calais   # London – Calais by the Channel route (British, French, US only)\n' },
    { title: 'Plan XVII: the French attack Metz', want: 'ops', ops: () => attack({ side: 'ap', nation: 'fr', from: 'nancy', at: 'metz', attackers: ['fr-a2'], defender: 'ge-a5', why: 'the 2nd Army attacks Metz' }) },
    { title: 'an event', want: 'event' },
    { title: 'strategic redeployment from the reserve', want: 'sr', sr: 'move fr-c7 reims   # SR: a French corps from the reserve box\n' },
    { title: 'replacement points', want: 'rp' },
  ],
  [ // turn 2
    { title: 'an event', want: 'event' },
    { title: 'Lemberg', want: 'ops', ops: () => attack({ side: 'ap', nation: 'ru', from: 'dubno', at: 'lemberg', attackers: ['ru-a3'], defender: 'ah-a3', why: 'the 3rd Army attacks Lemberg' }) },
    { title: 'strategic redeployment', want: 'sr', sr: 'move fr-c8 amiens   # SR: the second French reserve corps\n' },
    { title: 'the French attack Metz again', want: 'ops', ops: () => attack({ side: 'ap', nation: 'fr', from: 'nancy', at: 'metz', attackers: ['fr-a2'], defender: 'ge-a5', why: 'the 2nd Army again' }) },
    { title: 'the British corps moves up', want: 'ops', ops: () => 'mark calais activated-move\nmove br-c1 ypres\n' },
    { title: 'replacement points', want: 'rp' },
  ],
  [ // turn 3
    { title: 'first-period card: East Prussia', want: 'ops', ops: () => attack({ side: 'ap', nation: 'ru', from: 'kovno', at: 'insterburg', attackers: ['ru-a1'], defender: 'ge-a8', why: 'Rennenkampf again' }) },
    { title: 'first-period card: Lorraine; the Serbs fall back', want: 'ops', ops: () => attack({ side: 'ap', nation: 'fr', from: 'nancy', at: 'metz', attackers: ['fr-a2'], defender: 'ge-a5', why: 'Castelnau in Lorraine' }) + serbsFallBack() },
    { title: 'an event', want: 'event' },
    { title: 'strategic redeployment', want: 'sr', sr: 'move ru-c9 warsaw   # SR: a Russian reserve corps to Warsaw\n' },
    { title: 'Galicia', want: 'ops', ops: () => attack({ side: 'ap', nation: 'ru', from: 'dubno', at: 'lemberg', attackers: ['ru-a3'], defender: 'ah-a3', why: 'Lemberg again' }) },
    { title: 'replacement points', want: 'rp' },
  ],
];

/**
 * §10 attrition in this sample: the Serbian 2nd Army falls back from Valjevo to Kragujevac (turn 3), and
 * the Austro-Hungarian 6th Army crosses the Drina ford into the empty space, taking it (§5.6). The ford
 * carries no supply (a restricted connection, ours) and Serbs hold Belgrade and Kragujevac behind it:
 * the army is cut off, and the attrition phase removes it (an army: permanently, our reading of 可能).
 * If the Serbs were destroyed earlier, the army has already marched in by attack() and meets the
 * same end in that turn's attrition.
 */
function serbsFallBack() {
  if (units['sb-a2'] === 'eliminated' || where['sb-a2'] !== 'valjevo' || where['ah-a6'] !== 'sarajevo') return '';
  return 'mark valjevo activated-move\nmove sb-a2 kragujevac   # Putnik falls back to Kragujevac\n';
}
function drinaCrossing() {
  const valjevoEmpty = Object.entries(where).every(([id, at]) => at !== 'valjevo' || units[id] === 'eliminated');
  if (units['ah-a6'] === 'eliminated' || where['ah-a6'] !== 'sarajevo' || !valjevoEmpty) return '';
  return 'mark sarajevo activated-move\nmove ah-a6 valjevo   # Potiorek crosses the Drina ford into the empty Valjevo: its line back is the ford\n';
}

/** Liège: attack the Belgian corps while it holds; once it is gone, march in and besiege the forts */
function liegeOps() {
  if (liege === 'held') return attack({ side: 'cp', nation: 'ge', from: 'aachen', at: 'liege', attackers: ['ge-a1'], defender: 'be-c2', backTable: 'corps-fire', why: 'the Liège forts again' });
  if (liege === 'clear') {
    liege = 'besieged';
    let s = 'mark aachen activated-move\nmove ge-a2 liege   # into the ring of forts\nmark liege besieged\n';
    if (mo.cp === 'ge') { s += 'note "a move is not an attack: the German offensive is still owed"\n'; }
    return s;
  }
  if (!closedUp) { closedUp = true; return 'mark cologne activated-move\nmove ge-c9 aachen   # closes up behind Liège\n'; }
  return 'note "the Germans hold before Liège"\n';
}

export default {
  module: 'paths-of-glory',
  scenario: '1914',
  out: 'logs/paths-of-glory-sample.hexlog',
  creator: 'cp',
  other: 'ap',
  facts: {
    pieces: ['ge-a1', 'ge-a2', 'be-c2', 'ah-a6', 'sb-a2', 'br-c1', 'ru-a1', 'ge-a8'],
    tracks: ['vp', 'cp-war-status', 'ap-war-status', 'cp-commitment', 'ap-commitment', 'action-round'],
  },
  steps: async function* () {
    for (let turn = 1; turn <= 3; turn++) {
      // the mandatory offensive phase (turn 1: the first hands are drawn here)
      for (const side of ['cp', 'ap']) {
        yield {
          side, title: `turn ${turn}: ${side === 'cp' ? 'Central Powers' : 'Allied'} mandatory offensive${turn === 1 ? ', first hand' : ''}`,
          script: async (ctx) => {
            let s = take(ctx, side);
            if (turn === 1) s += `draw ${side}-strategy 7   # the first hand, secretly\n`;
            if (turn === 3) {
              // the first card of the turn-2 draw was the first period's last card (the hand lists
              // cards in the order drawn): it and the card kept are played first
              const fresh = ctx.hand().filter((c) => c.deck === `${side}-strategy` && !periodOne[side].includes(c.card));
              periodOne[side] = [...periodOne[side], fresh[0].card];
            }
            // sealed: the nation that must attack is known with the reply and marked in action round 1
            s += `resolve mandatory-offensive-${side}\n`;
            mo[side] = null;
            attacked[side].clear();
            // §2 "双方各掷一次骰子": the phase ends when each side has said next (the Allies' ends it)
            return s + (side === 'ap' ? 'next   # action round 1\n' : 'next   # said next: the phase ends with the Allies\' next\n');
          },
        };
      }
      for (let ar = 1; ar <= 6; ar++) {
        yield round('cp', turn, ar, cpPlans[turn - 1][ar - 1]);
        yield round('ap', turn, ar, apPlans[turn - 1][ar - 1]);
      }
      // attrition, siege, war status: phases both sides play, each ending when each side has said
      // next (§10 "双方检查部队", §11, §12 "根据双方及综合战争状态"); the Allies said next in attrition
      yield {
        side: 'cp', title: `turn ${turn}: attrition and siege (Central Powers)`,
        script: async (ctx) => {
          let s = take(ctx, 'cp') + 'next   # siege phase\n';
          if (liege === 'besieged') s += 'resolve siege fort=liege besiegers=ge-a2   # the Liège forts (the result comes with the Allied reply)\n';
          return s + 'next   # said next in the siege phase\n';
        },
      };
      yield {
        side: 'ap', title: `turn ${turn}: siege and war status (Allied Powers)`,
        script: async (ctx) => {
          let s = take(ctx, 'ap') + 'next   # war status phase\n';
          // §10 "处于敌后且失去补给的空间可能发生控制权变化": Valjevo, taken by the army attrition removed, is
          // isolated (show names it); "可能" leaves it to the players, and this sample hands it back
          const st = ctx.state();
          if ((st.markers?.valjevo ?? []).includes('control-cp') && !Object.values(st.pieces).some((p) => p.at === 'valjevo')) {
            s += 'unmark valjevo control-cp   # isolated behind the Serbian lines: the Serbs take Valjevo back (§10, the players\' call)\n';
          }
          if (mo.ap && mo.ap !== 'done') { vp++; s += `unmark ${MO_PIECE[mo.ap]} mandatory-offensive-ap\ntrack vp ${vp}\nnote "the Allies' mandatory offensive was not made: +1 VP"\n`; }
          if (vpOwed.ap) { vp += vpOwed.ap; s += `track vp ${vp}\nnote "victory point spaces taken: ${vpOwed.ap > 0 ? '+' : ''}${vpOwed.ap} VP"\n`; vpOwed.ap = 0; }
          if (turn === 3) s += `track ap-commitment 1   # Limited War (this sample: from turn 3)\nadd-cards ap-strategy limited-war   # the Limited War cards join the deck\n`;
          return s + 'next   # said next in the war status phase\n';
        },
      };
      yield {
        side: 'cp', title: `turn ${turn}: war status (Central Powers)`,
        script: async (ctx) => {
          let s = take(ctx, 'cp');
          const siege = liege === 'besieged' ? res(ctx.outcomes('cp'), 'siege') : undefined;
          // the result placed the fort-destroyed marker (§11); the siege is over and control changes
          // and took the besieged marker off (§11 "移除堡垒的有效标记")
          if (siege && String(siege.result).startsWith('fort falls')) { liege = 'fallen'; s += `note "the siege roll: ${siege.result} (the engine gave Liège to the besiegers and lifted the siege, §11)"\n`; }
          else if (siege) s += `note "the siege roll: ${siege.result}"\n`;
          if (mo.cp && mo.cp !== 'done') { vp--; s += `unmark ${MO_PIECE[mo.cp]} mandatory-offensive-cp\ntrack vp ${vp}\nnote "the Central Powers' mandatory offensive was not made: -1 VP"\n`; }
          if (vpOwed.cp) { vp += vpOwed.cp; s += `track vp ${vp}\nnote "victory point spaces taken: ${vpOwed.cp > 0 ? '+' : ''}${vpOwed.cp} VP"\n`; vpOwed.cp = 0; }
          if (turn === 3) s += `track cp-commitment 1   # Limited War (this sample: from turn 3)\nadd-cards cp-strategy limited-war   # the Limited War cards join the deck\n`;
          return s + 'next   # Allied replacement phase\n';
        },
      };
      yield { side: 'ap', title: `turn ${turn}: Allied replacements`, script: async (ctx) => take(ctx, 'ap') + 'next   # Central Powers replacement phase\n' };
      // replacements and the draw phase
      for (const side of ['cp', 'ap']) {
        yield {
          side, title: `turn ${turn}: ${side === 'cp' ? 'Central Powers replacements and draw' : 'Allied draw'}`,
          script: async (ctx) => {
            let s = take(ctx, side);
            if (side === 'cp') s += 'next   # draw phase\n';
            const held = ctx.hand().filter((c) => c.deck === `${side}-strategy`).map((c) => c.card);
            if (turn === 2) periodOne[side] = held;                // kept through the reshuffle
            // §14: the engine draws up to the hand limit of 7 (whose-move says how many)
            s += `draw ${side}-strategy   # up to 7: ${7 - held.length} cards${turn === 2 ? '; the deck runs out and the discard pile is reshuffled' : ''}\n`;
            // §14 "双方…分别…抽牌": the draw phase ends when each side has said next
            if (side === 'cp' && turn < 3) s += 'next   # said next in the draw phase\n';
            if (side === 'ap' && turn < 3) s += `next   # turn ${turn + 1}\n`;
            return s;
          },
        };
      }
    }
    yield { side: 'cp', reveal: 'final' };
    yield { side: 'ap', reveal: 'final' };
  },
};
