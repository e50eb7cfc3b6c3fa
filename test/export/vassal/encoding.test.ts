import { describe, expect, it } from 'vitest';
import { addPieceCommand, pieceState, pieceType, rotateTrait, markerTrait, basicPiece, type PieceDefinition } from '../../../src/export/vassal/piece-definition.js';
import { encodeSequence } from '../../../src/export/vassal/sequence-encoder.js';
import { decodeAddPiece, decodeSequence } from './trait-decoder.js';

// The worked example of the reference (§3.4), TABs written out.
const T = '\t';
const REF_TYPE = `mark;Side,Type${T}rotate;6;93,130;91,130;Rotate CW;Rotate CCW;;;;;;;;true\\${T}emb2;;128;;Flip;128;;;128;;;;1;false;0;0;inf_front.png,inf_back.png;,;true;Step;;;false;;1;1;true;;70,130;;Flip side;1.0;;true\\\\${T}piece;;;;1st Inf`;
const REF_STATE = `Blue,Infantry${T}0\\${T}1\\\\${T}null;0;0;17;0`;

describe('the independent decoder', () => {
  it('reads the reference worked example', () => {
    const { id, traits } = decodeAddPiece(`+/null/${REF_TYPE}/${REF_STATE}`);
    expect(id).toBe('null');
    expect(traits.map((t) => t.prefix)).toEqual(['mark;', 'rotate;', 'emb2;', 'piece;']);
    expect(traits[2]!.fields.length).toBe(33);
    expect(decodeSequence(traits[2]!.fields[15]!, ',')).toEqual(['inf_front.png', 'inf_back.png']);
    expect(traits.map((t) => t.state)).toEqual(['Blue,Infantry', '0', '1', 'null;0;0;17;0']);
    expect(traits[3]!.fields).toEqual(['', '', '', '1st Inf']);
  });
});

describe('the encoder', () => {
  it('escapes delimiters and quotes like SequenceEncoder', () => {
    expect(encodeSequence(['a;b', '', 'c'], ';')).toBe('a\\;b;;c');
    expect(encodeSequence(["'x'", '\\y'], ';')).toBe("''x'';'\\y'");
    expect(decodeSequence(encodeSequence(['a;b', '', "'q'"], ';'), ';')).toEqual(['a;b', '', "'q'"]);
    expect(() => encodeSequence(['ends\\'], ';')).toThrow(/backslash/);
  });

  const example: PieceDefinition = {
    name: '1st Inf', faceImages: ['inf_front.png', 'inf_back.png'], faceNames: ['', ''], facings: 6,
    properties: [['Side', 'Blue'], ['Type', 'Infantry']], gpid: 17,
  };

  it('writes the reference example\'s rotate, marker and basic piece traits exactly', () => {
    expect(rotateTrait(example).type).toBe('rotate;6;93,130;91,130;Rotate CW;Rotate CCW;;;;;;;;true');
    expect(markerTrait(example)).toEqual({ type: 'mark;Side,Type', state: 'Blue,Infantry' });
    expect(basicPiece({ ...example, faceImages: [] }).type).toBe('piece;;;;1st Inf');
    // Same shape as the reference: only the layer's own names and texts differ.
    const ours = pieceType(example);
    expect(ours.replace('Face;', 'Step;').replace('Flip face', 'Flip side').replace('piece;;;;', 'piece;;;;')).toBe(REF_TYPE);
    expect(pieceState(example)).toBe(REF_STATE);
  });

  it('escapes "/" in names at the AddPiece level and decodes back', () => {
    const d: PieceDefinition = { name: 'A/B; C,D', faceImages: ['x.svg'], faceNames: ['x'], facings: 0, properties: [['k,1', 'v;2']], gpid: 3 };
    const { traits } = decodeAddPiece(addPieceCommand(d));
    expect(traits[traits.length - 1]!.fields[3]).toBe('A/B; C,D');
    expect(decodeSequence(traits[0]!.fields[0]!, ',')).toEqual(['k,1']);
    expect(decodeSequence(traits[0]!.state, ',')).toEqual(['v;2']);
  });
});
