import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/**
 * How many files a commit that adds a module changed outside the module's own folders (issue 19:
 * adding a module is its folders and one line in each package's module list, at most 4 files).
 *
 *   npx tsx scripts/src/module-footprint.ts <commit> <module>
 *
 * prints those files and exits 1 when there are more than `MAX_OUTSIDE`.
 */
export const MAX_OUTSIDE = 4;

/** The folders a module owns, in each package (STYLE.md 9.8). */
export function moduleFolders(module: string): string[] {
  return [
    `schema/src/modules/${module}/`,
    `gateway/src/modules/${module}/`,
    `workers/src/jobs/${module}/`,
    `client/src/features/${module}/`,
  ];
}

/** The changed files that are not in one of the module's folders. */
export function filesOutside(changed: readonly string[], module: string): string[] {
  const own = moduleFolders(module);
  return changed.filter((file) => !own.some((folder) => file.startsWith(folder)));
}

/** The files a commit changed (added, modified, deleted, renamed), by path. */
export function changedFiles(commit: string, cwd = process.cwd()): string[] {
  const out = execFileSync('git', ['show', '--name-only', '--format=', commit], { cwd });
  return out.toString('utf8').split('\n').filter(Boolean);
}

function main(argv: readonly string[]): number {
  const [commit, module] = argv;
  if (!commit || !module) {
    console.error('usage: module-footprint <commit> <module>');
    return 2;
  }
  const changed = changedFiles(commit);
  const outside = filesOutside(changed, module);
  console.log(
    `${commit}: ${changed.length} files changed, ${outside.length} outside ${module}'s folders`,
  );
  for (const file of outside) console.log(`  ${file}`);
  return outside.length <= MAX_OUTSIDE ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = main(process.argv.slice(2));
}
