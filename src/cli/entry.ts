/**
 * The ending of a CLI module that can also be imported (by its tests): when it is the script node was started
 * with, run `main` and exit with its code; a thrown error is printed with the usage, and the exit code is 2.
 */
import { pathToFileURL } from 'node:url';

export function runIfEntry(moduleUrl: string, main: () => number, usage: string): void {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return;
  try {
    process.exit(main());
  } catch (err: unknown) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n${usage}\n`);
    process.exit(2);
  }
}
