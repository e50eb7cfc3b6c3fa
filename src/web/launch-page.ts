// The launch page: how the browser learns the board page's address without the secret token ever
// standing in a command line. Another local user reads every process's command line (`ps`), so
// `xdg-open http://…/t/<token>/` would hand him the token; instead the browser is opened on a
// small HTML file in the player's state folder (folder 0700, file 0600: no one else can read it)
// that forwards to the address. Only the file's path, which holds no secret, is on a command line.
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

export interface LaunchPage {
  /** the file, readable by its owner only */
  path: string;
  /** file:// address of it, for the browser's command line */
  href: string;
  remove(): Promise<void>;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Writes the launch page for `url` (the address with its token) under `<home>/board/`. */
export async function writeLaunchPage(home: string, url: string): Promise<LaunchPage> {
  const dir = join(home, 'board');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(home, 0o700);
  await chmod(dir, 0o700);
  const path = join(dir, `open-${randomBytes(8).toString('hex')}.html`);
  const u = escapeAttr(url);
  const html = `<!doctype html>\n<meta charset="utf-8">\n<meta name="referrer" content="no-referrer">\n`
    + `<meta http-equiv="refresh" content="0;url=${u}">\n<title>Hexpost board</title>\n`
    + `<p><a href="${u}">Open the board page</a></p>\n`;
  // 'wx' and 0600: a new file nobody else can read (or has placed here before us)
  await writeFile(path, html, { flag: 'wx', mode: 0o600 });
  return { path, href: `file://${path}`, remove: () => rm(path, { force: true }) };
}
