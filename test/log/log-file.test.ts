// openLog: what a reader makes of a zip's entries, whatever order a zip tool put them in.
import { describe, expect, it } from 'vitest';
import { writeContainer } from '../../src/log/container.js';
import { openLog } from '../../src/log/log-file.js';

const text = (s: string) => new TextEncoder().encode(s);
const SIG = '-----BEGIN PGP SIGNATURE-----\n\n-----END PGP SIGNATURE-----\n';
const entry = (name: string, body: string) => [{ name, data: text(body) }, { name: `${name}.sig`, data: text(SIG) }];

describe('openLog', () => {
  it('orders the acceptances by entry name, as Hexpost writes them, whatever the zip order', () => {
    // The joiners' commit order (who may roll an immediate procedure when) rests on this order, so it
    // must not change when another zip tool repacks the file (docs/log-format.md, "Clarifications").
    const zip = writeContainer([
      ...entry('genesis.json', '{"type":"hexpost/genesis"}'),
      ...entry('accept-white.json', '{"side":"white","type":"hexpost/acceptance"}'),
      ...entry('accept-blue.json', '{"side":"blue","type":"hexpost/acceptance"}'),
      ...entry('accept-green.json', '{"side":"green","type":"hexpost/acceptance"}'),
    ]);
    expect(openLog(zip, 'three.hexlog').acceptances.map((a) => a.name)).toEqual(['accept-blue.json', 'accept-green.json', 'accept-white.json']);
  });

  it('refuses an entry outside the scheme', () => {
    const extra = writeContainer([...entry('genesis.json', '{"type":"hexpost/genesis"}'), ...entry('notes.json', '{}')]);
    expect(() => openLog(extra, 'extra.hexlog')).toThrow(/unexpected entry/);
  });
});
