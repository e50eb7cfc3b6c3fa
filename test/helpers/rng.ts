// A small deterministic generator (xorshift32) for property-style tests: a failure names its seed
// and replays. (x % n has a slight bias, which does not matter for picking test cases.)
export function rng(seed: number): (n: number) => number {
  let x = seed || 1;
  return (n) => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x % n; };
}
