// `npm start` runs the demo: it must play the whole exchange and end with a passed audit.
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';

describe('hexpost demo', () => {
  it('plays a complete exchange on skirmish, verifying every step', async () => {
    let out = '';
    const code = await main(['node', 'hexpost', 'demo'], { out: (t) => { out += t.endsWith('\n') ? t : `${t}\n`; }, err: (t) => { out += t; }, tty: false });
    expect(code, out).toBe(0);
    expect(out).toMatch(/✓ skirmish 1\.0\.0/);
    expect(out).toMatch(/red-1 moves 0202 → 0302 → 0402 → 0502 → 0503 → 0504: 4 MP/);
    expect(out).toMatch(/roll #\d+ fire: 1d10/);
    expect(out).toMatch(/\(void: undone\)/);
    expect(out).toMatch(/red plays r\d\d/);
    expect(out).toMatch(/ok — over, 6 segments/);
    expect(out).toMatch(/red red-cards period 0: 2 draws, passed/);
    expect(out).toMatch(/blue blue-cards period 0: 2 draws, passed/);
  });
});
