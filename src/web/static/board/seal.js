// "Seal and send": the server signs and writes the segment; the page shows the turn mail to paste.
import { $ } from './dom.js';
import { busy, setBusy } from './page-state.js';
import { api, refresh, say } from './server-api.js';

export function showSealed(s) {
  $('sealed').hidden = false;
  $('sealed-note').textContent = `Segment ${s.seq} signed and written. Paste this turn mail into the e-mail (or send the log file):`;
  if ($('armored').value !== s.armored) $('armored').value = s.armored;
}

export async function seal() {
  $('seal-confirm').hidden = true;
  if (busy) return;
  setBusy(true);
  say('signing…');
  try {
    const r = await api('seal', {});
    if (!r.ok) { say(`not sealed: ${r.error}`, true); return; }
    say(`sealed segment ${r.seq}; wrote ${r.file}`);
    await refresh();
  } catch (e) {
    say(String(e.message || e), true);
  } finally {
    setBusy(false);
  }
}
