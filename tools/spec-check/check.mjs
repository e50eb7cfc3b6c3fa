#!/usr/bin/env node
// node tools/spec-check/check.mjs [--json] <log.hexlog>…  — the second verifier (README.md here).
import { readFileSync } from 'node:fs';
import { verifyLog } from './verify.mjs';

const args = process.argv.slice(2);
const json = args.includes('--json');
let failed = false;
for (const file of args.filter((a) => a !== '--json')) {
  try {
    const s = await verifyLog(readFileSync(file));
    if (json) console.log(JSON.stringify({ file, ok: true, ...s }));
    else console.log(`${file}: ok: ${s.segments} segments, game ${s.gameId}, safety code ${s.safetyCode}; ${s.rolls} rolls, ${s.resolves} resolves, ${s.shuffles} shuffles, ${s.draws} hidden draws (${s.audited} audited), ${s.states} state hashes; ${s.commands} commands executed again and ${s.sealedCommands} sealed ones checked, ${s.commandsLeft} left to the fold, ${s.takenFromLog} fields or events taken from the log, ${s.voidEntries} void entries, ${s.warningsLeft} warnings not derived`);
  } catch (e) {
    failed = true;
    if (json) console.log(JSON.stringify({ file, ok: false, error: { seq: e.seq ?? 0, message: e.message } }));
    else console.log(`${file}: FAILED: segment ${e.seq ?? 0}: ${e.message}`);
  }
}
process.exit(failed ? 1 : 0);
