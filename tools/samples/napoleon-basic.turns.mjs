// Napoleonic basic rules 1.1, our Austerlitz scenario, turns 1-3. Each turn opens with initiative
// contests (5.2): the French roll `initiative-first` (+1 for the Emperor, our scenario modifier),
// sealed; the Coalition's reply resolves it and answers with `initiative-second` against that total,
// which the module marks immediate (the contest decides who moves next: modules/napoleon-basic/
// README.md), so the Coalition knows at once who won. The winner moves one corps (the French in
// their next segment), whose divisions fire as they close (8.2: one 2d6 fire check per fire point,
// + fire modifier, + fire support, against the target's morale). Fire is sealed: the target's owner
// reads the results when his reply resolves them and applies them to his own army — a hit turns a
// normal division to its disordered face and routs a disordered one, and his army morale track
// drops a point. A tie adds one to the ties track and the contest is rolled again (5.3). After two
// contests the side that has not moved moves a corps (phase 3), then the end-of-turn phase clears
// the moved markers. Davout's Friant and Bourcier arrive on turn 2 along the Telnitz lane (scenario
// reinforcements). The module has no card deck, so this sample has no hidden draw. After turn 3
// the French take the last fire results, then both sides end with `reveal --final`.
const face = {};                                     // division → 'normal' | 'disordered' | 'routed'
const morale = { french: 20, coalition: 22 };
const checks = { french: [], coalition: [] };        // each side's fire checks, in the order committed
const enemyOf = (side) => (side === 'french' ? 'coalition' : 'french');

function resolvedOf(events, procedure) {
  return events.filter((e) => e.type === 'resolved' && e.procedure === procedure).at(-1);
}

/** The enemy's fire checks that this side's reveal (or the reply) resolved, applied to its own counters. */
function takeHits(ctx, side) {
  const enemy = enemyOf(side);
  const results = ctx.outcomes(enemy).filter((e) => e.type === 'resolved' && e.procedure === 'fire');
  const made = checks[enemy].splice(0);
  if (results.length !== made.length) throw new Error(`${side}: ${made.length} fire checks of ${enemy}, ${results.length} results`);
  let s = '';
  results.forEach((r, i) => {
    const { firer, target } = made[i];
    if (!String(r.result).startsWith('hit')) return;
    if (face[target] === 'routed') { s += `note "${target} is hit by ${firer}'s fire, but already routed"\n`; return; }
    if ((face[target] ?? 'normal') === 'normal') { face[target] = 'disordered'; s += `flip ${target} disordered   # hit by ${firer}'s fire
`; }
    else { face[target] = 'routed'; s += `mark ${target} routed   # hit again by ${firer}'s fire
`; }
    morale[side]--;
    s += `track ${side}-morale ${morale[side]}
`;
  });
  if (made.length && !s) s = `note "${enemy}'s fire: no hit"
`;
  return s;
}

/** One division's fire: a sealed check per fire point; its owner's enemy applies the hits. */
function fire({ firer, target, side, points, mod, targetMorale, support = 0, why }) {
  let s = `# ${why}\n`;
  for (let i = 0; i < points; i++) {
    s += `resolve fire morale=${targetMorale} fire-modifier=${mod}${support ? ` fire-support=${support}` : ''}   # ${firer} at ${target}, fire point ${i + 1} of ${points}\n`;
    checks[side].push({ firer, target });
  }
  return s + `mark ${firer} fought\n`;
}

/** corps moves, in the order each side wins them: lines, then fire exchanges */
const plans = {
  french: [
    { corps: 'IV Corps (Soult) climbs towards the Pratzen', lead: 'fr-st-hilaire', moves: 'move fr-st-hilaire 0610 0710 0810   # up the slope\nmove fr-vandamme 0608 0708 0808   # across the Goldbach at Girzikowitz\nmove fr-legrand 0514   # covers Sokolnitz\n',
      fires: [] },
    { corps: 'IV Corps artillery and Saint-Hilaire engage the 4th Column', lead: 'fr-iv-art', moves: 'move fr-iv-art 0509 0609\n',
      fires: [{ firer: 'fr-st-hilaire', target: 'al-miloradovich', points: 3, mod: 1, targetMorale: 8, support: 1, why: 'Saint-Hilaire fires on Miloradovich, the IV Corps guns in support' }] },
    { corps: 'V Corps (Lannes) advances on Blasowitz', lead: 'fr-suchet', moves: 'move fr-caffarelli 0605 0705\nmove fr-suchet 0505 0605\n', fires: [] },
    { corps: 'Vandamme storms the heights', lead: 'fr-vandamme', moves: 'move fr-vandamme 0908\n',
      fires: [{ firer: 'fr-vandamme', target: 'al-kollowrat', points: 3, mod: 1, targetMorale: 7, why: 'Vandamme fires on Kollowrat\'s Austrians' }] },
    { corps: 'I Corps (Bernadotte) crosses the Goldbach', lead: 'fr-rivaud', moves: 'move fr-rivaud 0407 0507\nmove fr-drouet 0408 0409\n', fires: [] },
    { corps: 'Davout (III) marches up to Telnitz', lead: 'fr-friant', moves: 'move fr-friant 0215 0315 0415\n', fires: [] },
  ],
  coalition: [
    { corps: 'The 4th Column comes down from the Pratzen', lead: 'al-miloradovich', moves: 'move al-miloradovich 1009 0909   # down the hill (2 + 2 MP)\n',
      fires: [{ firer: 'al-miloradovich', target: 'fr-st-hilaire', points: 3, mod: 0, targetMorale: 9, why: 'Miloradovich fires on Saint-Hilaire' }] },
    { corps: 'The 1st Column (Dokhturov) presses on Telnitz', lead: 'al-dokhturov-1', moves: 'move al-dokhturov-1 0814 0714\nmove al-dokhturov-2 0914\n', fires: [] },
    { corps: 'Kollowrat\'s Austrians close the gap', lead: 'al-kollowrat', moves: 'move al-kollowrat 1109 1008\n',
      fires: [{ firer: 'al-kollowrat', target: 'fr-st-hilaire', points: 2, mod: 0, targetMorale: 9, support: 1, why: 'Kollowrat fires on Saint-Hilaire, Miloradovich adjacent in support' }] },
    { corps: 'The 3rd Column (Przhebishevsky) turns north', lead: 'al-przhebishevsky', moves: 'move al-przhebishevsky 0911\n',
      fires: [{ firer: 'al-przhebishevsky', target: 'fr-st-hilaire', points: 3, mod: 0, targetMorale: 9, why: 'Przhebishevsky takes Saint-Hilaire in the flank' }] },
    { corps: 'Langeron (2nd Column) follows', lead: 'al-langeron', moves: 'move al-langeron 0913\n', fires: [] },
    { corps: 'Liechtenstein\'s cavalry screens Blasowitz', lead: 'al-liechtenstein-1', moves: 'move al-liechtenstein-1 1106 1006\n', fires: [] },
  ],
};
const used = { french: 0, coalition: 0 };
const moved = [];

function corpsMove(side) {
  const p = plans[side][used[side]++];
  if (!p) return 'note "every corps of this wing has moved"\ntrack ties 0\n';
  let s = `# ${p.corps}\n${p.moves}`;
  for (const f of p.fires) s += fire({ ...f, side });
  moved.push(p.lead);
  return s + `mark ${p.lead} corps-moved\ntrack ties 0\n`;
}

export default {
  module: 'napoleon-basic',
  scenario: 'austerlitz',
  out: 'logs/napoleon-basic-sample.hexlog',
  creator: 'french',
  other: 'coalition',
  facts: {
    pieces: ['fr-st-hilaire', 'fr-vandamme', 'al-miloradovich', 'al-kollowrat', 'fr-friant'],
    tracks: ['turn', 'ties', 'french-morale', 'coalition-morale'],
  },
  steps: async function* () {
    let frenchOwes = false;                         // the French won the last contest: they move first
    for (let turn = 1; turn <= 3; turn++) {
      let contests = 0; let ties = 0;
      const wins = { french: 0, coalition: 0 };
      while (contests < 2) {
        yield {
          side: 'french', title: `turn ${turn}, contest ${contests + 1}: French initiative roll (sealed)`,
          script: async (ctx) => {
            let s = takeHits(ctx, 'french');
            if (frenchOwes) s += corpsMove('french');
            frenchOwes = false;
            return s + 'resolve initiative-first initiative=1   # the Emperor\'s +1 (our scenario)\n';
          },
        };
        let decided = false;
        yield {
          side: 'coalition', title: `turn ${turn}, contest ${contests + 1}: Coalition initiative roll (immediate)`,
          script: async (ctx) => {
            const first = resolvedOf(ctx.outcomes('french'), 'initiative-first').total;
            const line = takeHits(ctx, 'coalition') + `resolve initiative-second opponent=${first}   # the French rolled ${first}\n`;
            const r = resolvedOf(ctx.dry(line), 'initiative-second');
            if (!r.immediate) throw new Error('initiative-second should be immediate');
            decided = r.index !== 0;
            if (r.index > 0) { wins.coalition++; return line + corpsMove('coalition'); }
            if (r.index < 0) { wins.french++; frenchOwes = true; return line + 'note "the French win the contest and move a corps"\n'; }
            ties++;
            return line + `track ties ${ties}   # tie: roll again (5.3)\n`;
          },
        };
        if (ties === 0 || decided) contests++;
        if (ties >= 3) break;
      }
      // Phase 3: the side that won fewer contests moves its remaining corps; phase 4: end of turn.
      const rest = wins.french < wins.coalition || (wins.french === wins.coalition && !frenchOwes) ? 'french' : 'coalition';
      yield {
        side: 'french', title: `turn ${turn}: end of the contests, remaining corps`,
        script: async (ctx) => {
          let s = takeHits(ctx, 'french');
          if (frenchOwes) s += corpsMove('french');
          frenchOwes = false;
          s += 'next   # corps-move segment\nnext   # phase 3: remaining corps\n';
          if (rest === 'french') s += corpsMove('french');
          return s;
        },
      };
      yield {
        side: 'coalition', title: `turn ${turn}: remaining corps and end of turn`,
        script: async (ctx) => {
          let s = takeHits(ctx, 'coalition');
          if (rest === 'coalition') s += corpsMove('coalition');
          s += 'next   # phase 4: end of turn\n';
          for (const m of moved.splice(0)) s += `unmark ${m} corps-moved\n`;
          return s + `track turn ${turn + 1}\nnext   # turn ${turn + 1}\n`;
        },
      };
    }
    yield { side: 'french', title: 'after turn 3: the last fire results', script: async (ctx) => takeHits(ctx, 'french') || 'note "no fire left to apply"\n' };
    yield { side: 'french', reveal: 'final' };
    yield { side: 'coalition', reveal: 'final' };
  },
};
