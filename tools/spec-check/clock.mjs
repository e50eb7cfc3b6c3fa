// The clock text of docs/state-format.md ("Texts inside the state"): local time in the clock's
// fixed offset, YYYY-MM-DDTHH:mm[:ss] then +hh:mm / -hh:mm, or Z for a zero offset.
const RE = /^(-?\d{4,})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::(\d\d)(?:\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;

export function parseClock(text) {
  const m = RE.exec(text);
  if (!m) throw new Error(`not a clock time: ${text}`);
  const offset = m[7] === 'Z' ? 0 : (m[7][0] === '-' ? -1 : 1) * (Number(m[7].slice(1,
    3)) * 60 + Number(m[7].slice(4)));
  const d = new Date(0);
  d.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  d.setUTCHours(Number(m[4]), Number(m[5]), Number(m[6] ?? 0), 0);
  return { wall: d.getTime(), offset };
}

export const addMinutes = (c, minutes) => ({ wall: c.wall + minutes * 60_000, offset: c.offset });

const pad = (n, w = 2) => String(n).padStart(w, '0');
export function formatClock(c) {
  const d = new Date(c.wall);
  let s = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  if (d.getUTCSeconds()) s += `:${pad(d.getUTCSeconds())}`;
  if (c.offset === 0) return `${s}Z`;
  const a = Math.abs(c.offset);
  return `${s}${c.offset < 0 ? '-' : '+'}${pad(Math.floor(a / 60))}:${pad(a % 60)}`;
}

export const hourOf = (c) => new Date(c.wall).getUTCHours();
export const monthOf = (c) => new Date(c.wall).getUTCMonth() + 1;
export const minuteOf = (c) => new Date(c.wall).getUTCMinutes();
