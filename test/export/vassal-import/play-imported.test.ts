// The real Paths of Glory VASSAL module (../shared/vassal, never committed), imported with
// --like modules/paths-of-glory, plays: a short signed game on it — strategy cards drawn into
// hidden hands, a move, a combat resolved with sealed dice — and its board page and pictures render.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { loadModule } from '../../../src/export/load-module.js';
import { renderGameSvg } from '../../../src/export/game-picture.js';
import { acceptGame, proposeGame } from '../../../src/log/setup.js';
import { loadPublicKey } from '../../../src/log/keys.js';
import { TurnSession } from '../../../src/log/turn-session.js';
import { verifyLog } from '../../../src/log/verify.js';
import { boardLayout } from '../../../src/web/board-layout.js';
import { logEntries, type LogFile } from '../../../src/log/log-file.js';
import { writeContainer } from '../../../src/log/container.js';
import { players, roundtrip, type Players } from '../../helpers/game.js';

const FILE = join(process.env.VASSAL_MODULES_DIR ?? '../shared/vassal', 'Paths_of_Glory_10.8.vmod');
const HAVE = existsSync(FILE);
if (!HAVE) console.warn(`${FILE} is absent: the imported Paths of Glory game is not played`);
const SCENARIO = 'deluxe-map---historical-scenario';

let dir = '';
let p: Players;
const key = (side: string) => (side === 'cp' ? p.red : p.blue);
async function turn(log: LogFile, side: string, lines: string[]): Promise<LogFile> {
  const v = await verifyLog(log, { viewer: { side, key: key(side) } });
  const s = new TurnSession(v, side, key(side));
  lines.forEach((line, i) => {
    const r = s.apply(line, i + 1);
    if (!r.ok) throw r.error;
  });
  return roundtrip((await s.seal('2026-12-01T12:00:00Z', {})).log);
}

describe.skipIf(!HAVE)('the imported Paths of Glory plays', () => {
  beforeAll(async () => {
    p = await players();
    dir = join(mkdtempSync(join(tmpdir(), 'hexpost-pog-')), 'pog');
    const code = await main(['node', 'hexpost', 'module', 'import', FILE, '-o', dir, '--like', 'modules/paths-of-glory'], { out: () => {}, err: () => {}, tty: false });
    expect(code).toBe(0);
  }, 300_000);

  it('a signed game: hidden hands, a move, a combat with sealed dice; the board page and a picture of it', async () => {
    const m = await loadModule(dir);
    let log = await proposeGame({
      module: { id: m.data.id, version: m.data.version, hash: m.hash, raw: m.raw, sides: m.data.sides.map((s) => s.id), scenarios: m.data.scenarios.map((s) => s.id) },
      scenario: SCENARIO, side: 'cp', key: p.red, opponents: [{ side: 'ap', key: await loadPublicKey(p.bluePublic) }], time: '2026-12-01T10:00:00Z',
    });
    log = roundtrip(await acceptGame({ ...log, file: 'game.hexlog' }, 'ap', p.blue, '2026-12-01T10:05:00Z'));
    log = await turn(log, 'cp', ['draw cp-deck 7']);
    log = await turn(log, 'ap', ['draw ap-deck 7', 'next']);
    // Central Powers action round: a German army marches into Aachen, another fires on Nancy. The
    // fire procedures read the counters' combat factors, which the imported counters do not carry,
    // so the import leaves them out (and says so): the fire is a sealed roll of its own
    expect(m.data.procedures.map((x) => x.id)).not.toContain('army-fire');
    log = await turn(log, 'cp', ['move ge3 aachen', 'roll 1d6 "army fire on Nancy"']);
    log = await turn(log, 'ap', ['note "the French hold Nancy"']);
    const cp = await verifyLog(log, { viewer: { side: 'cp', key: p.red } });
    const ap = await verifyLog(log, { viewer: { side: 'ap', key: p.blue } });
    expect(cp.status).toBe('playing');
    // each hand is hidden: its owner's tool lists the cards, the opponent's sees only how many
    expect(cp.knowledge.ofSide('cp')).toHaveLength(7);
    expect(ap.knowledge.ofSide('cp')).toEqual([]);
    expect(ap.state.hands.cp!.hidden).toHaveLength(7);
    expect(ap.knowledge.ofSide('ap')).toHaveLength(7);
    expect(cp.state.pieces.ge3!.location).toBe('aachen');
    // the fire's sealed roll was answered by the Allied reply
    const resolved = log.segments.flatMap((s) => s.body.resolutions ?? []);
    expect(resolved.some((r) => r.type === 'answered')).toBe(true);
    expect(ap.rolls.length).toBeGreaterThan(0);
    // the board page and pictures of the game, with the module's own map and counter art
    const images = m.source.other;
    const map = m.data.boards.find((b) => b.id === cp.state.board)!;
    expect(map.image && images.has(map.image)).toBe(true);
    const page = boardLayout(cp.game, images);
    expect(page.layout.locations.length).toBeGreaterThan(400);
    expect(page.layout.connections.length).toBeGreaterThan(50);
    expect(page.layout.board.svg).toContain('<image href="data:image/jpeg;base64,');
    const svg = renderGameSvg({ game: cp.game, state: cp.state }, { images });
    const ge3 = m.data.pieceTypes.find((t) => t.id === m.data.pieces.find((x) => x.id === 'ge3')!.type)!.faces[0]!.image!;
    expect(svg).toContain(`href="data:image/${ge3.endsWith('.png') ? 'png' : 'jpeg'};base64,${Buffer.from(images.get(ge3)!).toString('base64').slice(0, 40)}`);
    // and from the command line, into a temporary folder (never committed)
    const out = join(dirname(dir), 'pictures');
    mkdirSync(out);
    writeFileSync(join(out, 'game.hexlog'), writeContainer(logEntries(log)));
    const run = (...args: string[]) => main(['node', 'hexpost', ...args], { out: () => {}, err: () => {}, tty: false });
    expect(await run('render', join(out, 'game.hexlog'), '-o', join(out, 'game.svg'), '--module', dir)).toBe(0);
    expect(readFileSync(join(out, 'game.svg'), 'utf8')).toContain('data:image/jpeg;base64,');
    expect(await run('render', join(out, 'game.hexlog'), '-o', join(out, 'game.png'), '--module', dir, '--width', '1600')).toBe(0);
    expect(readFileSync(join(out, 'game.png')).subarray(1, 4).toString()).toBe('PNG');
    // a module folder that is not the game's is refused
    expect(await run('render', join(out, 'game.hexlog'), '-o', join(out, 'x.svg'), '--module', 'modules/paths-of-glory')).not.toBe(0);
  }, 300_000);
});
