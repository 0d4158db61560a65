// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * One-way imports (bulletproof-react): features never import each other; lib and components never
 * import features or app. eslint.config.js shows the same rule in the editor, reading each import
 * as written; these tests resolve every import to a file, so they also catch a path that climbs and
 * comes back down, and they are what CI checks should ESLint skip a file.
 */
const SRC = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*)['"]([^'"]+)['"]/g)) {
    const spec = match[1];
    if (spec.startsWith('@/')) found.push(path.join(SRC, spec.slice(2)));
    else if (spec.startsWith('.')) found.push(path.resolve(path.dirname(file), spec));
  }
  return found;
}

const area = (file: string) => path.relative(SRC, file).split(path.sep);

describe('architecture', () => {
  it('features do not import other features', () => {
    const offences: string[] = [];
    for (const file of sourceFiles(path.join(SRC, 'features'))) {
      const [, feature] = area(file);
      for (const target of importsOf(file)) {
        const [top, other] = area(target);
        if (top === 'features' && other !== feature) offences.push(`${path.relative(SRC, file)} → ${path.relative(SRC, target)}`);
        if (top === 'app') offences.push(`${path.relative(SRC, file)} → ${path.relative(SRC, target)}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('lib and components stay below features and app', () => {
    const offences: string[] = [];
    for (const dir of ['lib', 'components']) {
      for (const file of sourceFiles(path.join(SRC, dir))) {
        for (const target of importsOf(file)) {
          const [top] = area(target);
          if (top === 'features' || top === 'app') offences.push(`${path.relative(SRC, file)} → ${path.relative(SRC, target)}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });

  it("keeps every API type in lib/api/types.ts (shared) or a feature's api/types.ts (its own)", () => {
    const typeFile = (file: string) => /^(?:lib|features\/[^/]+)\/api\/types\.ts$/.test(area(file).join('/'));
    const offences = sourceFiles(SRC).filter((file) => !typeFile(file) && /export interface \w+(Request|Response)\b/.test(fs.readFileSync(file, 'utf8')));
    expect(offences).toEqual([]);
  });
});

/**
 * The same rule in the editor: eslint.config.js turns it into no-restricted-imports (and
 * no-restricted-syntax for `import()`). Each case lints one import as if it stood in `file`.
 */
describe('the one-way import rule in ESLint', () => {
  // The project's config with only these two rules on, and no type information: the linted files
  // do not exist, so TypeScript's project service would not take them (nor do these rules need it).
  const eslint = new ESLint({
    cwd: path.resolve(SRC, '..'),
    ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports' || ruleId === 'no-restricted-syntax',
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  });

  async function problems(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.resolve(SRC, '..', file) });
    return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
  }

  it.each([
    ['src/features/reader/x.ts', "import { useBook } from '@/features/catalogue/api/books';"],
    ['src/features/reader/x.ts', "export { useBook } from '@/features/catalogue/api/books';"],
    ['src/features/reader/x.ts', "import type { Book } from '@/features/catalogue';"],
    ['src/features/reader/x.ts', "import { useBook } from '../catalogue/api/books';"],
    ['src/features/reader/routes/x.tsx', "import { useBook } from '../../catalogue/api/books';"],
    ['src/features/reader/routes/x.tsx', "import { useBook } from '../../../features/catalogue/api/books';"],
    ['src/features/reader/x.ts', "import { readerArea } from '@/features/reader-notes/x';"],
  ])('refuses another feature: %s: %s', async (file, code) => {
    expect(await problems(file, code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .* Features never import another feature \(src\/features\/reader may/),
    ]);
  });

  it.each([
    ['src/features/reader/x.ts', "import { routes } from '@/app/router';"],
    ['src/features/reader/api/x.ts', "import { routes } from '../../../app/router';"],
  ])('refuses app in a feature: %s: %s', async (file, code) => {
    expect(await problems(file, code)).toEqual([expect.stringMatching(/^no-restricted-imports: .* Features never import app/)]);
  });

  it.each([
    ['src/lib/x.ts', "import { useBook } from '@/features/catalogue/api/books';"],
    ['src/lib/api/x.ts', "import { routes } from '../../app/router';"],
    ['src/components/x.tsx', "import { useBook } from '../features/catalogue/api/books';"],
  ])('keeps lib and components below features and app: %s: %s', async (file, code) => {
    expect(await problems(file, code)).toEqual([expect.stringMatching(/^no-restricted-imports: .* is below features and app/)]);
  });

  it('refuses a dynamic import of another feature', async () => {
    expect(await problems('src/features/reader/x.ts', "export const load = () => import('@/features/catalogue/api/books');")).toEqual([
      expect.stringMatching(/^no-restricted-syntax: This dynamic import is restricted\. Features never import another feature/),
    ]);
  });

  it.each([
    ['src/features/reader/x.ts', "import { useBook } from '@/features/reader/api/books';"],
    ['src/features/reader/x.ts', "import { useBook } from './api/books';"],
    ['src/features/reader/routes/x.tsx', "import { useBook } from '../api/books';"],
    ['src/features/reader/routes/x.tsx', "import { useBook } from '../../reader/api/books';"],
    ['src/features/reader/routes/x.tsx', "import { api } from '../../../lib/api/client';"],
    ['src/features/reader/x.ts', "import { api } from '@/lib/api/client'; import { Button } from '@/components/Button';"],
    ['src/features/reader/x.ts', "export const load = () => import('./routes/Reader');"],
    ['src/lib/api/x.ts', "import { token } from '../storage'; import { Button } from '@/components/Button';"],
    ['src/app/x.tsx', "import { useBook } from '@/features/catalogue/api/books';"],
  ])('allows %s: %s', async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
}, 120_000);
