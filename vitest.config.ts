import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Tests never touch the user's own state folder (fork memory, verify cache): a fresh one per run.
    env: { HEXPOST_HOME: mkdtempSync(join(tmpdir(), 'hexpost-test-home-')) },
  },
});
