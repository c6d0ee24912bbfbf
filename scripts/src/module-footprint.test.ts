import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { MAX_OUTSIDE, changedFiles, filesOutside } from './module-footprint.ts';

/** The commit that added the announcements module, when this clone has it (a squash may not). */
function announcementsCommit(): string | null {
  try {
    const out = execFileSync('git', [
      'log',
      '--format=%H',
      '--grep=^feat(announcements):',
      '-n',
      '1',
    ]);
    return out.toString('utf8').trim() || null;
  } catch {
    return null;
  }
}

describe('module footprint', () => {
  it('counts only the files outside the module’s folders in the four packages', () => {
    const changed = [
      'schema/src/modules/news/module.ts',
      'schema/src/modules/news/db/news.table.ts',
      'gateway/src/modules/news/index.ts',
      'workers/src/jobs/news/index.ts',
      'client/src/features/news/news-screen.tsx',
      'schema/src/modules/index.ts',
      'gateway/src/modules/index.ts',
      'schema/src/modules/newsletter/module.ts',
    ];
    expect(filesOutside(changed, 'news')).toEqual([
      'schema/src/modules/index.ts',
      'gateway/src/modules/index.ts',
      'schema/src/modules/newsletter/module.ts',
    ]);
  });

  const commit = announcementsCommit();
  it.skipIf(commit === null)(
    'the announcements module was added with at most 4 files outside its folders (3: the module lists)',
    () => {
      const outside = filesOutside(changedFiles(commit!), 'announcements');
      expect(outside.sort()).toEqual([
        'gateway/src/modules/index.ts',
        'schema/src/modules/index.ts',
        'schema/src/modules/wiring.ts',
      ]);
      expect(outside.length).toBeLessThanOrEqual(MAX_OUTSIDE);
    },
  );
});
