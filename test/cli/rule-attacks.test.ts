// A patched client writes events the rules would not have produced, for the rules the engine now
// applies: track bounds and links, the obligations a procedure's outcome records, arrivals,
// attrition and control. Every tool re-executes each command as its author's and derives each
// sealed outcome again (src/log/verify-segment.ts), so the stock `verify` and `receive` must refuse
// each one, naming the first difference, and keep the victim's copy as it was. Each test fails if
// the forged segment gets through.
import { readFileSync } from 'node:fs';
import type { PrivateKey } from 'openpgp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/engine/events.js';
import { NO_RANDOMNESS } from '../../src/core/engine/randomness.js';
import { copyState } from '../../src/core/engine/state.js';
import { Turn } from '../../src/core/engine/turn.js';
import { loadPrivateKey } from '../../src/log/keys.js';
import { openLog, type LogFile } from '../../src/log/log-file.js';
import { TurnSession } from '../../src/log/turn-session.js';
import type { VerifiedLog } from '../../src/log/verify.js';
import { mailTurn, scriptedTurn, twoPlayers, type Table } from '../helpers/cli.js';
import { cheat, expectRefused } from '../helpers/patched-client.js';

const read = (path: string): LogFile => openLog(new Uint8Array(readFileSync(path)), path);

/** What the rules give for `line` by `side` here (the honest events, to be tampered with). */
function honest(v: VerifiedLog, side: string, line: string): GameEvent[] {
  const r = new Turn(v.game, copyState(v.state), { side }, NO_RANDOMNESS).apply(line);
  if (!r.ok) throw r.error;
  return r.events;
}

const bare = (e: GameEvent): GameEvent => { const { warnings: _, ...rest } = e; return rest as GameEvent; };

describe('events the rules would not have produced (skirmish, the stock tool as the victim)', () => {
  let t: Table;
  const keys: Record<string, PrivateKey> = {};
  const refused = (victim: string, log: LogFile, why: RegExp) => expectRefused(t, victim, log, why);
  /** Red's segment with these entries, signed by red's own key. */
  const byRed = (entries: { command: string; events: GameEvent[] }[]) => cheat(read(t.log('red')), 'red', keys.red!, () => ({ entries }));

  beforeAll(async () => {
    t = await twoPlayers();
    for (const s of ['red', 'blue']) keys[s] = await loadPrivateKey(readFileSync(t.key(s), 'utf8'));
  }, 60_000);

  it('a track set off its bounds (reserve 0–6) is refused', async () => {
    const off = await byRed([{ command: 'track reserve +10', events: [{ type: 'track-set', track: 'reserve', from: 2, to: 12 }] }]);
    await refused('blue', off, /command 1 "track reserve \+10" is refused by the rules: track reserve runs from 0 to 6; 12 is off it/);
  });

  it('a track moved past its link with the warning left out is refused', async () => {
    // reserve-ceiling (4) is at least reserve: a reserve of 5 breaks the link (a `track` warning)
    const hidden = await cheat(read(t.log('red')), 'red', keys.red!, ({ v }) => {
      const events = honest(v, 'red', 'track reserve 5');
      expect(events[0]!.warnings?.map((w) => w.code)).toContain('track');
      return { entries: [{ command: 'track reserve 5', events: events.map(bare) }] };
    });
    await refused('blue', hidden, /command 1 "track reserve 5": logged event 1 \{"from":2,"to":5,"track":"reserve","type":"track-set"\} differs from what the rules give: .*"code":"track"/);
  });

  it('an arrival, an attrition loss or a change of control invented in a next is refused', async () => {
    const plain = await cheat(read(t.log('red')), 'red', keys.red!, ({ v }) => ({ entries: [{ command: 'next', events: honest(v, 'red', 'next') }] }));
    const rules = plain.segments.at(-1)!.body.entries[0]!.events.length;
    for (const extra of [
      { type: 'arrived', piece: 'red-1', at: '0505', face: 'line', facing: 0 },
      { type: 'lost', piece: 'blue-1', from: 'line', to: null, at: '0808', rule: 'S.1' },
      { type: 'marked', target: '0505', kind: 'hex', marker: 'smoke', rule: 'S.15' },
    ] as GameEvent[]) {
      const forged = await cheat(read(t.log('red')), 'red', keys.red!, ({ v }) => ({ entries: [{ command: 'next', events: [...honest(v, 'red', 'next'), extra] }] }));
      await refused('blue', forged, new RegExp(`command 1 "next" logs ${rules + 1} events; the rules give ${rules}`));
    }
  });

  it('a reply that leaves out what a sealed result records (its obligations, points, markers) is refused', async () => {
    // red bombards with the stock tool; blue's patched reply resolves it but drops the outcome
    await scriptedTurn(t.dir, 'red', t.log('red'), t.key('red'), ['resolve bombard guns=red-guns aim=blue-guns']);
    await mailTurn(t, 'red', 'blue');
    const dropped = await cheat(read(t.log('blue')), 'blue', keys.blue!, ({ v }) => {
      const all = new TurnSession(v, 'blue', keys.blue!).resolutions;
      const k = all.findIndex((e) => e.type === 'resolved');
      expect(all.length).toBeGreaterThan(k + 1); // H1 always records something (S.14)
      return { resolutions: all.slice(0, k + 1), entries: [{ command: 'note "reply"', events: [{ type: 'noted', text: 'reply' }] }] };
    });
    await refused('red', dropped, /segment 2 by blue: resolutions: the log omits \{/);
    // nor may it turn one result into another
    const changed = await cheat(read(t.log('blue')), 'blue', keys.blue!, ({ v }) => {
      const all = new TurnSession(v, 'blue', keys.blue!).resolutions;
      return {
        resolutions: all.map((e) => (e.type === 'resolved' ? { ...e, result: e.result === 'H1' ? 'H1 L1' : 'H1' } : e)),
        entries: [{ command: 'note "reply"', events: [{ type: 'noted', text: 'reply' }] }],
      };
    });
    await refused('red', changed, /segment 2 by blue: resolutions: logged event \d+ \{"at":"0909","bound":\{"aim":"blue-guns".* differs from what the sealed commitments give/);
  });
});
