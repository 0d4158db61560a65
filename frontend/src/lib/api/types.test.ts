// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The API's type names: the shared ones in lib/api/types.ts, each feature's own in
 * features/<name>/api/types.ts. Almost all are aliases of a schema of the server's OpenAPI document
 * (`Schemas['BookCard']`, Schemas being schema.ts's `components['schemas']`). tsc already refuses a
 * schema that is gone; these tests say which alias went stale and in which file, and that a name is
 * defined in one file only, so a type moved between a feature and lib is not left behind twice.
 */
const SRC = path.resolve(import.meta.dirname, '../..');

type TypeFile = { file: string; text: string };

/** lib/api/types.ts and every api/types.ts under src/ (each feature's), as text. */
function typeFiles(): TypeFile[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'types.ts' && path.basename(dir) === 'api') found.push(full);
    }
  };
  walk(SRC);
  return found.sort().map((file) => ({ file: path.relative(SRC, file).split(path.sep).join('/'), text: fs.readFileSync(file, 'utf8') }));
}

/** The names under components.schemas of lib/api/openapi.json. */
function schemaNames(): Set<string> {
  const document = JSON.parse(fs.readFileSync(path.join(SRC, 'lib/api/openapi.json'), 'utf8')) as { components: { schemas: Record<string, unknown> } };
  return new Set(Object.keys(document.components.schemas));
}

/** Every `Schemas['Name']` whose Name is not a schema of the document, as `file: Schemas['Name']`. */
function staleAliases(files: TypeFile[], schemas: Set<string>): string[] {
  return files.flatMap(({ file, text }) =>
    [...text.matchAll(/\bSchemas\[\s*['"](\w+)['"]\s*\]/g)]
      .map((match) => match[1])
      .filter((name) => !schemas.has(name))
      .map((name) => `${file}: Schemas['${name}'] names no schema of openapi.json`),
  );
}

/** The files that refer to `Schemas[...]` without declaring it as schema.ts's components['schemas']. */
function undeclaredSchemas(files: TypeFile[]): string[] {
  return files
    .filter(({ text }) => /\bSchemas\[/.test(text) && !/^type Schemas = components\['schemas'\];$/m.test(text))
    .map(({ file }) => `${file}: uses Schemas without \`type Schemas = components['schemas'];\``);
}

/** Each name exported by more than one of the files, with the files. */
function definedTwice(files: TypeFile[]): string[] {
  const homes = new Map<string, string[]>();
  for (const { file, text } of files) {
    for (const match of text.matchAll(/^export (?:type|interface) (\w+)/gm)) homes.set(match[1], [...(homes.get(match[1]) ?? []), file]);
  }
  return [...homes].filter(([, where]) => where.length > 1).map(([name, where]) => `${name} is defined in ${where.join(', ')}`);
}

describe('the API type files', () => {
  const files = typeFiles();

  it('are lib/api/types.ts and the features’ api/types.ts', () => {
    expect(files.map(({ file }) => file)).toContain('lib/api/types.ts');
    expect(files.filter(({ file }) => /^features\/[^/]+\/api\/types\.ts$/.test(file)).length).toBeGreaterThan(10);
    expect(files.every(({ file }) => file === 'lib/api/types.ts' || /^features\/[^/]+\/api\/types\.ts$/.test(file))).toBe(true);
  });

  it('alias only schemas that openapi.json has', () => {
    expect(staleAliases(files, schemaNames())).toEqual([]);
  });

  it('declare Schemas as the generated components’ schemas', () => {
    expect(undeclaredSchemas(files)).toEqual([]);
  });

  it('define each name once', () => {
    expect(definedTwice(files)).toEqual([]);
  });
});

describe('the checks catch', () => {
  const schemas = new Set(['BookCard', 'SeatView']);
  const lib: TypeFile = {
    file: 'lib/api/types.ts',
    text: "type Schemas = components['schemas'];\nexport type BookCard = Schemas['BookCard'];\n",
  };

  it('an alias of a schema the server no longer has', () => {
    const billing = { file: 'features/billing/api/types.ts', text: "type Schemas = components['schemas'];\nexport type Seat = Schemas['TeamSeatView'];\n" };
    expect(staleAliases([lib, billing], schemas)).toEqual(["features/billing/api/types.ts: Schemas['TeamSeatView'] names no schema of openapi.json"]);
  });

  it('a file that uses Schemas without declaring it', () => {
    const billing = { file: 'features/billing/api/types.ts', text: "export type Seat = Schemas['SeatView'];\n" };
    expect(undeclaredSchemas([lib, billing])).toEqual(["features/billing/api/types.ts: uses Schemas without `type Schemas = components['schemas'];`"]);
  });

  it('a name left in lib when a feature took it too', () => {
    const catalogue = { file: 'features/catalogue/api/types.ts', text: "type Schemas = components['schemas'];\nexport type BookCard = Schemas['BookCard'];\n" };
    expect(definedTwice([lib, catalogue])).toEqual(['BookCard is defined in lib/api/types.ts, features/catalogue/api/types.ts']);
  });
});
