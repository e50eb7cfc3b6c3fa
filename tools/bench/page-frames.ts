// Frame times on the board page, taken with requestAnimationFrame in the browser: shared by the
// board-page benchmark and the big-board browser test, so both measure the same way. The baseline
// is the same number of idle frames in the same page (the machine's own frame interval).
import type { Page } from 'playwright-core';

/** What is read and set in the page (compiled without the DOM's types). */
interface InPage {
  hexpostView: { pan(x: number, y: number): void; zoom(f: number): void };
  requestAnimationFrame(f: (t: number) => void): number;
  hexpostFrames: number[];
  hexpostRecording: boolean;
}

export interface FrameStats { frames: number; mean: number; p95: number; max: number }

export function frameStats(t: number[]): FrameStats {
  const s = [...t].sort((a, b) => a - b);
  const mean = t.reduce((a, b) => a + b, 0) / t.length;
  const r = (x: number) => +x.toFixed(1);
  return { frames: t.length, mean: r(mean), p95: r(s[Math.floor(s.length * 0.95)]!), max: r(s.at(-1)!) };
}

/** 120 frames doing nothing, panning (out and back) or zooming (in and back out). */
export function scriptedFrames(page: Page, what: 'idle' | 'pan' | 'zoom'): Promise<number[]> {
  return page.evaluate(async (w) => {
    const g = globalThis as unknown as InPage;
    const frame = () => new Promise<number>((r) => g.requestAnimationFrame(r));
    const times: number[] = [];
    let last = await frame();
    for (let i = 0; i < 120; i++) {
      if (w === 'pan') g.hexpostView.pan(i < 60 ? 9 : -9, i < 60 ? 5 : -5);
      else if (w === 'zoom') g.hexpostView.zoom(i < 60 ? 0.97 : 1 / 0.97);
      const t = await frame();
      times.push(t - last);
      last = t;
    }
    return times;
  }, what);
}

/** Records every frame from now until the returned function is called (a drag with the mouse). */
export async function recordFrames(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const g = globalThis as unknown as InPage;
    g.hexpostFrames = []; g.hexpostRecording = true;
    let last = performance.now();
    const tick = (t: number) => {
      g.hexpostFrames.push(t - last); last = t;
      if (g.hexpostRecording) g.requestAnimationFrame(tick);
    };
    g.requestAnimationFrame(tick);
  });
  return () => page.evaluate(() => {
    const g = globalThis as unknown as InPage;
    g.hexpostRecording = false;
    return g.hexpostFrames.slice(1);
  });
}
