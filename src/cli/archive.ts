// `hexpost archive`: a verified game as one self-contained HTML page — the board at every step,
// the history, the dice audit as charts, and the verification result with the log's head hash.
import type { Command } from 'commander';
import type { GameEvent } from '../core/engine/events.js';
import { archivePage, withFontFace, type ArchiveStep } from '../export/archive/archive-page.js';
import { cjkFontFace } from '../export/cjk-font.js';
import { writeFileAtomic } from '../log/atomic-write.js';
import { diceAudit, drawAudits } from './audit.js';
import { describeEvent } from './describe.js';
import { CliError, EXIT_USAGE } from './exit.js';
import { readLogFile } from './log-io.js';
import type { Output } from './output.js';
import { verifySteps, type GameSteps } from './replay.js';
import { voidedBy } from '../core/protocol/takeback.js';
import { takebackText } from './takeback-text.js';

const TOOL = 'hexpost 0.1.0';

export function archiveHtml(steps: GameSteps, options: { hexSize?: number; labels?: boolean } = {}): string {
  const { v, states } = steps;
  const sideName = (id: string) => v.module.sides.find((s) => s.id === id)?.name ?? id;
  const total = v.log.segments.length;
  const list: ArchiveStep[] = states.map((state, i) => {
    const body = i ? v.log.segments[i - 1]!.body : null;
    if (!body) {
      return { state, caption: 'at the start', label: `start (0 of ${total})`, history: { heading: `Start: ${v.game.scenario.name}`, lines: [] } };
    }
    const lines: ArchiveStep['history']['lines'] = [];
    if (body.resolutions?.length) lines.push({ text: 'resolved by this reply:', kind: 'command' });
    for (const ev of (body.resolutions ?? []) as GameEvent[]) lines.push({ text: describeEvent(ev), kind: 'event' });
    // commands voided by an agreed take-back show like undone ones; the heading says which agreement
    const voided = voidedBy(v.takebacks, body.seq);
    for (const e of body.entries) {
      lines.push({ text: e.command, kind: e.void || voided ? 'undone' : 'command' });
      for (const ev of e.events as GameEvent[]) {
        lines.push({ text: describeEvent(ev), kind: ev.warnings?.length ? 'warning' : e.void || voided ? 'undone' : 'event' });
      }
    }
    const said = takebackText(body, v.takebacks);
    if (said) lines.push({ text: said, kind: 'event' });
    if (body.hiddenReveals?.length) lines.push({ text: `reveals hidden value ${body.hiddenReveals.map((h) => `#${h.period}`).join(', ')}`, kind: 'event' });
    if (body.final) lines.push({ text: `${sideName(body.author)}'s final segment`, kind: 'event' });
    return {
      state, caption: `after segment ${body.seq} of ${total}`,
      last: { seq: body.seq, author: body.author, entries: body.entries, ...(body.resolutions ? { resolutions: body.resolutions } : {}) },
      label: `segment ${body.seq} of ${total} — ${sideName(body.author)}, turn ${state.turn}`,
      history: { heading: `${body.seq}. ${sideName(body.author)} — ${body.time}${voided ? ` — voided by the take-back agreed in segment ${voided.agreed}` : ''}`, lines },
    };
  });
  const colour = new Map(v.module.sides.map((s) => [s.id, s.color ?? '#6a7f99']));
  const draws = drawAudits(v).map((a) => `${sideName(a.side)} ${a.deck} period ${a.period}: ${a.draws} draw${a.draws === 1 ? '' : 's'}, ${a.status === 'pending'
    ? 'pending until its hidden value is revealed' : a.status === 'passed' ? `passed (revealed in segment ${a.seq})` : `FAILED: ${a.message} in segment ${a.seq}`}`);
  return archivePage({
    game: v.game, steps: list, draws,
    dice: diceAudit(v).map((d) => ({ ...d, sideName: sideName(d.side), colour: colour.get(d.side) ?? '#6a7f99' })),
    verification: {
      verdict: `Verified: every signature against the pinned keys, the hash chain, every command re-executed, every roll and ${v.audits.length ? 'every revealed draw' : 'draw'} re-checked (${v.segments} segment${v.segments === 1 ? '' : 's'}, ${v.status}).`,
      status: v.status, gameId: v.gameId, safetyCode: v.safetyCode, head: v.head, segments: v.segments,
      module: { id: v.module.id, version: v.module.version, hash: v.moduleHash },
      players: v.log.genesis.body.players.map((p) => ({ side: p.side, name: sideName(p.side), fingerprint: p.fingerprint })),
      tool: TOOL,
    },
    options,
  });
}

export function registerArchiveCommand(program: Command, o: Output): void {
  program.command('archive')
    .description('the whole game as one self-contained HTML page: board at every step, history, dice charts, verification')
    .argument('<log>', 'the game log')
    .requiredOption('-o, --output <file>', 'the page to write (<name>.html)')
    .option('--hex-size <px>', 'hex centre-to-corner size in pixels (default 40)', (x) => Number.parseInt(x, 10))
    .option('--no-labels', 'leave out hex labels')
    .action(async (path: string, opts: { output: string; hexSize?: number; labels: boolean }) => {
      if (!/\.html?$/i.test(opts.output)) throw new CliError(`-o ${opts.output}: the page must end in .html`, EXIT_USAGE);
      if (opts.hexSize !== undefined && !(opts.hexSize > 0)) throw new CliError('--hex-size must be a positive whole number', EXIT_USAGE);
      const steps = await verifySteps(o, await readLogFile(path));
      const page = archiveHtml(steps, { hexSize: opts.hexSize, labels: opts.labels });
      // names in Chinese, Japanese or Korean read on a machine with no such font
      const html = withFontFace(page, await cjkFontFace(page));
      await writeFileAtomic(opts.output, html);
      o.out(`${opts.output}: ${steps.states.length} steps, head ${steps.v.head} (${Buffer.byteLength(html)} bytes)`);
    });
}
