// Exact fractions (BigInt) and the MP texts of docs/state-format.md ("MP") and docs/events.md
// (mixed numbers in warning messages).
const gcd = (a, b) => { a = a < 0n ? -a : a; b = b < 0n ? -b : b; while (b) [a, b] = [b, a % b]; return a; };
export const frac = (n, d = 1n) => {
  n = BigInt(n); d = BigInt(d);
  if (d < 0n) { n = -n; d = -d; }
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
};
export const ZERO = frac(0);
export const add = (a, b) => frac(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a, b) => frac(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a, b) => frac(a.n * b.n, a.d * b.d);
export const div = (a, b) => frac(a.n * b.d, a.d * b.n);
export const cmp = (a, b) => { const x = a.n * b.d - b.n * a.d; return x < 0n ? -1 : x > 0n ? 1 : 0; };
export const text = (r) => (r.d === 1n ? `${r.n}` : `${r.n}/${r.d}`);
export function mixed(r) {
  if (r.d === 1n) return `${r.n}`;
  const neg = r.n < 0n, n = neg ? -r.n : r.n, whole = n / r.d, rest = n % r.d;
  return `${neg ? '-' : ''}${whole ? `${whole} ` : ''}${rest}/${r.d}`;
}
/** A module number: an integer, or "1/2", "1 1/2", "-3/4"; an MP text "7/2". */
export function parse(v) {
  if (typeof v === 'number') return frac(v);
  const m = /^(-)?(?:(\d+) )?(\d+)(?:\/(\d+))?$/.exec(String(v).trim());
  if (!m) throw new Error(`not a number: ${v}`);
  const sign = m[1] ? -1n : 1n;
  if (m[4] === undefined) return frac(sign * BigInt(m[3]));
  return frac(sign * (BigInt(m[2] ?? 0) * BigInt(m[4]) + BigInt(m[3])), BigInt(m[4]));
}
