// The opponent's take-back proposal: what it would void, and the answer `hexpost takeback` offers —
// accept or decline, each a segment of its own, signed and written at once (after a confirmation),
// with the turn mail to send shown as after "seal and send". The proposer sees that it waits.
import { $, h } from './dom.js';
import { busy, setBusy } from './page-state.js';
import { api, refresh, say } from './server-api.js';

let chosen = null;

export function drawTakeback(s) {
  const box = $('takeback');
  const t = s.takeback;
  box.hidden = !t;
  if (!t) return;
  $('takeback-lines').replaceChildren(...t.lines.map((l) => h('li', { text: l.trim() })));
  $('takeback-answer').hidden = !t.answer;
}

function ask(answer) {
  chosen = answer;
  $('takeback-confirm').hidden = false;
  $('takeback-confirm-text').textContent = answer === 'accept'
    ? 'Accepting voids those commands for both of you (the rolls stay as they fell). It is signed and written at once.'
    : 'Declining keeps the game as it is. It is signed and written at once.';
}

async function answer() {
  $('takeback-confirm').hidden = true;
  if (busy || !chosen) return;
  setBusy(true);
  say('signing…');
  try {
    const r = await api('takeback', { answer: chosen });
    if (!r.ok) { say(`not signed: ${r.error}`, true); return; }
    say(`${chosen === 'accept' ? 'accepted' : 'declined'} in segment ${r.seq}; wrote ${r.file}`);
    await refresh();
  } catch (e) {
    say(String(e.message || e), true);
  } finally {
    setBusy(false);
  }
}

export function wireTakeback() {
  $('takeback-accept').addEventListener('click', () => ask('accept'));
  $('takeback-decline').addEventListener('click', () => ask('decline'));
  $('takeback-yes').addEventListener('click', answer);
  $('takeback-no').addEventListener('click', () => { $('takeback-confirm').hidden = true; chosen = null; });
}
