// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** One-way imports (bulletproof-react): features never import each other; lib and components never import features or app. */
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

  it('keeps every API type in lib/api/types.ts', () => {
    const offences = sourceFiles(SRC).filter(
      (file) => !file.endsWith(path.join('lib', 'api', 'types.ts')) && /export interface \w+(Request|Response)\b/.test(fs.readFileSync(file, 'utf8')),
    );
    expect(offences).toEqual([]);
  });
});
