import { describe, expect, it } from 'vitest';
import { acceptanceEntryName, classifyEntryName, segmentEntryName, signatureEntryName } from '../../src/log/entry-names.js';
import { checkEntryName } from '../../src/log/container.js';

describe('entry names', () => {
  it('builds and classifies names', () => {
    expect(segmentEntryName(0)).toBe('000000.json');
    expect(segmentEntryName(42)).toBe('000042.json');
    expect(() => segmentEntryName(1_000_000)).toThrow(/0 to 999999/);
    expect(() => segmentEntryName(-1)).toThrow();
    expect(acceptanceEntryName('french')).toBe('accept-french.json');
    expect(() => acceptanceEntryName('../x')).toThrow();
    expect(classifyEntryName('genesis.json')).toEqual({ kind: 'genesis' });
    expect(classifyEntryName('accept-prussia.json')).toEqual({ kind: 'acceptance', side: 'prussia' });
    expect(classifyEntryName('000042.json')).toEqual({ kind: 'segment', seq: 42 });
    expect(classifyEntryName(signatureEntryName('000042.json'))).toEqual({ kind: 'signature', of: '000042.json' });
    expect(classifyEntryName('000042.json.sig.sig')).toBeNull();
    expect(classifyEntryName('42.json')).toBeNull();
    expect(classifyEntryName('notes.txt')).toBeNull();
    for (const n of ['genesis.json', 'accept-a-b.json.sig', '999999.json']) expect(() => checkEntryName(n)).not.toThrow();
  });
});
