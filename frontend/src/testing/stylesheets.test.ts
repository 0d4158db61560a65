// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Stylesheets live beside their components; none grows past this many lines. */
const MAX_LINES = 400;
const SRC = path.resolve(import.meta.dirname, '..');

function stylesheets(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** The stylesheets over the limit, as `path: N lines`. */
export function oversized(files: { file: string; text: string }[], max = MAX_LINES): string[] {
  return files.filter(({ text }) => lineCount(text) > max).map(({ file, text }) => `${file}: ${lineCount(text)} lines`);
}

describe('stylesheets', () => {
  it(`keeps every hand-written stylesheet under src/ at ${MAX_LINES} lines or fewer`, () => {
    const files = stylesheets(SRC).map((file) => ({ file: path.relative(SRC, file), text: fs.readFileSync(file, 'utf8') }));
    expect(files.length).toBeGreaterThan(10);
    expect(oversized(files)).toEqual([]);
  });

  it('reports a stylesheet one line over the limit, and not one at it', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `.rule-${i} { color: red; }`).join('\n') + '\n';
    expect(oversized([{ file: 'at.css', text: lines(MAX_LINES) }])).toEqual([]);
    expect(oversized([{ file: 'over.css', text: lines(MAX_LINES + 1) }])).toEqual([`over.css: ${MAX_LINES + 1} lines`]);
    expect(oversized([{ file: 'no-final-newline.css', text: lines(MAX_LINES + 1).trimEnd() }])).toEqual([`no-final-newline.css: ${MAX_LINES + 1} lines`]);
  });
});
