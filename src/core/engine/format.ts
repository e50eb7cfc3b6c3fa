// JSON command → its text form (what the history and the log viewer show). parseLine(formatCommand(c))
// gives c back: strings that would read differently (blanks, quotes, "#", a number) are quoted.
import type { Amount, Command } from './commands.js';

export function formatCommand(c: Command): string {
  switch (c.verb) {
    case 'move': return ['move', word(c.piece), ...c.path.map(word)].join(' ') + mode(c.mode);
    case 'rotate': return `rotate ${word(c.piece)} ${amount(c.amount)}${mode(c.mode)}`;
    case 'flip': return (c.face === undefined ? `flip ${word(c.piece)}` : `flip ${word(c.piece)} ${word(c.face)}`)
      + (c.facing === undefined ? '' : ` --facing ${c.facing}`) + mode(c.mode);
    case 'mark': case 'unmark': return `${c.verb} ${word(c.target)} ${word(c.marker)}`;
    case 'set': return `set ${word(c.piece)} ${assign(c.prop, c.value)}`;
    case 'track': return `track ${word(c.track)} ${amount(c.amount)}`;
    case 'stack': return `stack ${word(c.piece)} ${c.position}`;
    case 'roll': return c.purpose === undefined ? `roll ${word(c.dice)}` : `roll ${word(c.dice)} ${quote(c.purpose)}`;
    case 'resolve': return ['resolve', word(c.procedure), ...c.modifiers.map((m) => (m.value === undefined ? word(m.id) : assign(m.id, m.value)))].join(' ');
    case 'draw': return c.count === undefined ? `draw ${word(c.deck)}` : `draw ${word(c.deck)} ${c.count}`;
    case 'play': return c.use === undefined ? `play ${word(c.card)}` : `play ${word(c.card)} as ${word(c.use)}`;
    case 'discard': return `discard ${word(c.card)}`;
    case 'shuffle': return `shuffle ${word(c.deck)}`;
    case 'add-cards': return `add-cards ${word(c.deck)} ${word(c.set)}`;
    case 'next': return c.to === 'phase' ? 'next phase' : 'next';
    case 'reveal-hand': case 'undo': return c.verb;
    case 'note': return `note ${quote(c.text)}`;
    case 'lose': return c.points === undefined ? `lose ${word(c.piece)}` : `lose ${word(c.piece)} ${c.points}`;
    case 'retreat': return ['retreat', word(c.piece), ...c.path.map(word)].join(' ');
    case 'advance': return ['advance', word(c.piece), ...(c.path ?? []).map(word)].join(' ');
    case 'delay': {
      const faces = c.faces === undefined ? [] : ['--faces', c.faces.join(',')];
      return ['delay', word(c.piece), String(c.turns), ...(c.at === undefined ? [] : [word(c.at)]), ...faces].join(' ');
    }
  }
}

function mode(m: string | undefined): string {
  return m === undefined ? '' : ` --mode ${word(m)}`;
}

function amount(a: Amount): string {
  return 'by' in a ? (a.by < 0 ? String(a.by) : `+${a.by}`) : String(a.to);
}

function quote(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function word(s: string): string {
  return /^(?!--)[^\s"#\\]+$/.test(s) ? s : quote(s);
}

function assign(name: string, value: number | string): string {
  if (typeof value === 'number') return `${word(name)}=${value}`;
  const plain = /^[^\s"#\\]*$/.test(value) && !/^[+-]?\d+$/.test(value);
  return plain && value !== '' ? `${word(name)}=${value}` : `${word(name)}=${quote(value)}`;
}
