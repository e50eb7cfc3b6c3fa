// Chi-square goodness of fit, for tests and the `audit` command. Floating point is fine here:
// this is reporting about dice, never game arithmetic, and nothing here reaches the log.

export interface ChiSquareResult {
  statistic: number;
  /** Degrees of freedom: categories - 1. */
  df: number;
  /** Upper-tail probability of a statistic at least this large under the fair hypothesis. */
  pValue: number;
}

/** Σ (observed - expected)² / expected over all categories. */
export function chiSquareStatistic(observed: readonly number[], expected: readonly number[]): number {
  if (observed.length !== expected.length || observed.length < 2) {
    throw new RangeError(`chi-square needs ≥ 2 categories and equal lengths (${observed.length} vs ${expected.length})`);
  }
  let sum = 0;
  for (let i = 0; i < observed.length; i++) {
    const e = expected[i]!;
    if (!(e > 0)) throw new RangeError(`expected count must be positive (category ${i}: ${e})`);
    const d = observed[i]! - e;
    sum += (d * d) / e;
  }
  return sum;
}

/** P(X ≥ statistic) for X ~ χ²(df): the regularized upper incomplete gamma Q(df/2, statistic/2). */
export function chiSquarePValue(statistic: number, df: number): number {
  if (!(df > 0)) throw new RangeError(`degrees of freedom must be positive, got ${df}`);
  if (!(statistic >= 0)) throw new RangeError(`chi-square statistic must be ≥ 0, got ${statistic}`);
  return regularizedGammaQ(df / 2, statistic / 2);
}

/** Test of observed counts against given probabilities (default: all categories equally likely). */
export function chiSquareTest(observed: readonly number[], probabilities?: readonly number[]): ChiSquareResult {
  const total = observed.reduce((a, b) => a + b, 0);
  const k = observed.length;
  const probs = probabilities ?? observed.map(() => 1 / k);
  const expected = probs.map((p) => p * total);
  const statistic = chiSquareStatistic(observed, expected);
  return { statistic, df: k - 1, pValue: chiSquarePValue(statistic, k - 1) };
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9; ~15 significant digits). */
export function lnGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
    -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
    1.5056327351493116e-7,
  ];
  const z = x - 1;
  let a = c[0]!;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

const EPS = 1e-15;
const MAX_ITER = 100_000;

/** Regularized lower incomplete gamma P(a, x). */
export function regularizedGammaP(a: number, x: number): number {
  if (x <= 0) return 0;
  return x < a + 1 ? gammaSeries(a, x) : 1 - gammaContinuedFraction(a, x);
}

/** Regularized upper incomplete gamma Q(a, x) = 1 - P(a, x), computed directly in its tail. */
export function regularizedGammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  return x < a + 1 ? 1 - gammaSeries(a, x) : gammaContinuedFraction(a, x);
}

// P(a, x) by its power series; converges quickly for x < a + 1.
function gammaSeries(a: number, x: number): number {
  let ap = a;
  let sum = 1 / a;
  let del = sum;
  for (let n = 0; n < MAX_ITER; n++) {
    ap += 1;
    del *= x / ap;
    sum += del;
    if (Math.abs(del) < Math.abs(sum) * EPS) break;
  }
  return sum * Math.exp(-x + a * Math.log(x) - lnGamma(a));
}

// Q(a, x) by Lentz's continued fraction; converges quickly for x ≥ a + 1.
function gammaContinuedFraction(a: number, x: number): number {
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITER; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < EPS) break;
  }
  return Math.exp(-x + a * Math.log(x) - lnGamma(a)) * h;
}
