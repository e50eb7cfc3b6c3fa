import { describe, expect, it } from 'vitest';
import { importPiece, traitsOf } from '../../../src/export/vassal-import/piece-slot.js';
import { imageSize } from '../../../src/export/vassal-import/image-size.js';
import { svgToPng } from '../../../src/export/game-png.js';

const T = '\t';
// The reference's worked example (§3.4): Marker, Can Rotate, a two-level Layer, BasicPiece.
const REF = `+/null/mark;Side,Type${T}rotate;6;93,130;91,130;Rotate CW;Rotate CCW;;;;;;;;true\\${T}emb2;;128;;Flip;128;;;128;;;;1;false;0;0;inf_front.png,inf_back.png;,;true;Step;;;false;;1;1;true;;70,130;;Flip side;1.0;;true\\\\${T}piece;;;;1st Inf/Blue,Infantry${T}0\\${T}1\\\\${T}null;0;0;17;0`;

describe('reading VASSAL piece definitions', () => {
  it('reads the reference example: name, two faces, six facings, marker values', () => {
    expect(traitsOf(REF).map((t) => t.prefix)).toEqual(['mark;', 'rotate;', 'emb2;', 'piece;']);
    const p = importPiece(REF, new Map());
    expect(p.name).toBe('1st Inf');
    expect(p.faces.map((f) => f.image)).toEqual(['inf_front.png', 'inf_back.png']);
    expect(p.faces.map((f) => f.name)).toEqual(['Face 1', 'Face 2']);
    expect(p.facings).toBe(6);
    expect(p.values).toEqual({ Side: 'Blue', Type: 'Infantry' });
    expect(p.unmapped).toEqual([]);
  });

  it('expands prototypes, reports unknown traits and prototypes that are not defined', () => {
    const proto = `+/null/mark;Nation${T}macro;Go;;;;;;;;;;;;;;;${T}piece;;;;/France${T}${T}null;0;0;0;0`;
    const slot = `+/null/prototype;Unit${T}prototype;Ghost${T}piece;;;fr.png;Foch/${T}${T}null;0;0;5;0`;
    const p = importPiece(slot, new Map([['Unit', proto]]));
    expect(p.name).toBe('Foch');
    expect(p.image).toBe('fr.png');
    expect(p.values).toEqual({ Nation: 'France' });
    expect(p.unmapped).toEqual(['trait macro;']);
    expect(p.missingPrototypes).toEqual(['Ghost']);
  });

  it('reads picture sizes from PNG and SVG headers', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><rect width="120" height="80"/></svg>';
    expect(imageSize(new TextEncoder().encode(svg))).toEqual({ width: 120, height: 80 });
    expect(imageSize(svgToPng(svg))).toEqual({ width: 120, height: 80 });
  });
});
