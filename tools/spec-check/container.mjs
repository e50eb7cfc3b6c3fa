// Reads a .hexlog as docs/log-format.md ("Container", "Clarifications: entry order and extra
// entries") says: genesis, acceptances, segments NNNNNN.json from 1, each with its .sig.
import { unzipSync } from 'fflate';
import { parseCanonical } from './canonical.mjs';

const BODY = /^(genesis\.json|accept-([a-z0-9-]{1,40})\.json|(\d{6})\.json)$/;

export function readLog(zipBytes) {
  const files = unzipSync(zipBytes);
  const names = Object.keys(files);
  for (const n of names) {
    const body = n.endsWith('.sig') ? n.slice(0, -4) : n;
    if (!BODY.test(body)) throw new Error(`${n}: unexpected entry`);
    if (n.endsWith('.sig') && !files[body]) throw new Error(`${n}: a signature without its body`);
    if (!n.endsWith('.sig') && !files[`${n}.sig`]) throw new Error(`${n}: a body without its signature`);
  }
  const entry = (name) => ({
    name, bytes: files[name], body: parseCanonical(files[name], name),
    signature: new TextDecoder().decode(files[`${name}.sig`]),
  });
  if (!files['genesis.json']) throw new Error('genesis.json: missing');
  const acceptances = names.filter((n) => /^accept-.*\.json$/.test(n)).sort().map(entry);
  const segNames = names.filter((n) => /^\d{6}\.json$/.test(n)).sort();
  segNames.forEach((n, i) => {
    if (Number(n.slice(0, 6)) !== i + 1)
      throw new Error(`${n}: seq ${Number(n.slice(0, 6))} where ${i + 1} was expected`);
  });
  return { genesis: entry('genesis.json'), acceptances, segments: segNames.map(entry) };
}
