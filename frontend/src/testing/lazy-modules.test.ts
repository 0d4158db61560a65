// @vitest-environment node
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazyModulePaths } from './lazy-modules';

const SRC = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The file an import names: `@/x` is under src, `./x` beside the importer; `x.tsx` or `x/index.tsx`. */
function resolveImport(from: string, specifier: string): string {
  const base = specifier.startsWith('@/') ? path.join(SRC, specifier.slice(2)) : path.resolve(path.dirname(from), specifier);
  const found = [`${base}.tsx`, `${base}.ts`, path.join(base, 'index.tsx'), path.join(base, 'index.ts')].find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`${from}: cannot resolve ${specifier}`);
  return `/src/${path.relative(SRC, found).split(path.sep).join('/')}`;
}

describe('the modules loaded before the first test', () => {
  it("hold every module the app's code loads with React.lazy", () => {
    const lazyImport = /lazy\(\s*\(\)\s*=>\s*import\(\s*(?:\/\*[^*]*\*\/\s*)?'([^']+)'/g;
    const targets = sourceFiles(SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(lazyImport)].map((match) => resolveImport(file, match[1] ?? '')),
    );
    // The app has dozens of lazy routes: a pattern that found none would check nothing.
    expect(targets.length).toBeGreaterThan(50);
    expect(targets.filter((target) => !lazyModulePaths.includes(target))).toEqual([]);
  });
});
