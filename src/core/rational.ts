// Exact fractions for movement points (½ MP to turn a facing, ⅔ MP a secondary-road hex).
// Never floating point: a Rational is a normalised pair of safe integers with den > 0.
// Text form, used in module files and events: "3", "1/2", "1 2/3", "-1/2".

export interface Rational { readonly num: number; readonly den: number }

export const ZERO: Rational = { num: 0, den: 1 };
export const ONE: Rational = { num: 1, den: 1 };

function gcd(a: number, b: number): number {
  a = Math.abs(a); b = Math.abs(b);
  while (b) { const t = a % b; a = b; b = t; }
  return a || 1;
}

export function rational(num: number, den = 1): Rational {
  if (!Number.isSafeInteger(num) || !Number.isSafeInteger(den) || den === 0) {
    throw new RangeError(`not an exact fraction: ${num}/${den}`);
  }
  if (den < 0) { num = -num; den = -den; }
  const g = gcd(num, den);
  return { num: num / g, den: den / g };
}

export function add(a: Rational, b: Rational): Rational {
  // whole numbers, the common case of a search: nothing to reduce
  if (a.den === 1 && b.den === 1) { const n = a.num + b.num; if (Number.isSafeInteger(n)) return { num: n, den: 1 }; }
  if (a.den === b.den) return rational(a.num + b.num, a.den);
  return rational(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function sub(a: Rational, b: Rational): Rational {
  return add(a, { num: -b.num, den: b.den });
}

export function mul(a: Rational, b: Rational): Rational {
  return rational(a.num * b.num, a.den * b.den);
}

export function compare(a: Rational, b: Rational): number {
  const d = a.num * b.den - b.num * a.den;
  return d < 0 ? -1 : d > 0 ? 1 : 0;
}

export function equals(a: Rational, b: Rational): boolean {
  return a.num === b.num && a.den === b.den;
}

const TEXT = /^(-)?(?:(\d+)|(\d+)\/(\d+)|(\d+) (\d+)\/(\d+))$/;

/** Parses "3", "1/2", "1 2/3", "-1/2" or an integer. Returns null when the text is not a fraction. */
export function parseRational(value: string | number): Rational | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? rational(value) : null;
  const m = TEXT.exec(value.trim());
  if (!m) return null;
  const sign = m[1] ? -1 : 1;
  if (m[2] !== undefined) return rational(sign * Number(m[2]));
  if (m[3] !== undefined) return Number(m[4]) === 0 ? null : rational(sign * Number(m[3]), Number(m[4]));
  if (Number(m[7]) === 0) return null;
  return rational(sign * (Number(m[5]) * Number(m[7]) + Number(m[6])), Number(m[7]));
}

/** "3", "1/2", "4/3": the form stored in events (integers where whole, so canonical JSON stays simple). */
export function formatRational(r: Rational): string {
  return r.den === 1 ? String(r.num) : `${r.num}/${r.den}`;
}

/** "1⅓"-free human form: "1 1/3". */
export function formatMixed(r: Rational): string {
  if (r.den === 1) return String(r.num);
  const sign = r.num < 0 ? '-' : '';
  const n = Math.abs(r.num);
  const whole = Math.floor(n / r.den);
  const rest = n % r.den;
  return whole ? `${sign}${whole} ${rest}/${r.den}` : `${sign}${rest}/${r.den}`;
}
