import { describe, expect, it } from 'vitest';
import { BAD_FILE_TYPE, BAD_LINK, FILE_TOO_LARGE, MAX_FILE_BYTES, NOTHING_GIVEN, checkSource, isHttpLink } from './validation';

function fileOf(name: string, size = 10): File {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('the AI summariser checks', () => {
  it('takes http and https links with a host only', () => {
    for (const link of ['https://example.com', 'http://example.com/a?b=c', 'HTTPS://EXAMPLE.COM/x']) expect(isHttpLink(link), link).toBe(true);
    for (const link of ['example.com', 'ftp://example.com', 'https://', 'http:// example.com', 'javascript:alert(1)', 'https//example.com'])
      expect(isHttpLink(link), link).toBe(false);
  });

  it('asks for a link or a file', () => {
    expect(checkSource('', null)).toEqual({ error: NOTHING_GIVEN, field: null });
    expect(checkSource('   ', null)).toEqual({ error: NOTHING_GIVEN, field: null });
    expect(checkSource('www.example.com', null)).toEqual({ error: BAD_LINK, field: 'url' });
    expect(checkSource(' https://example.com/a ', null)).toEqual({ source: { kind: 'url', url: 'https://example.com/a' } });
  });

  it('takes files of the offered kinds up to 20 MB', () => {
    expect(checkSource('', fileOf('a.pdf', MAX_FILE_BYTES))).toMatchObject({ source: { kind: 'file' } });
    expect(checkSource('', fileOf('a.pdf', MAX_FILE_BYTES + 1))).toEqual({ error: FILE_TOO_LARGE, field: 'file' });
    for (const name of ['Book.EPUB', 'page.htm', 'page.html', 'notes.txt'])
      expect(checkSource('', fileOf(name)), name).toMatchObject({ source: { kind: 'file' } });
    expect(checkSource('', fileOf('photo.jpg'))).toEqual({ error: BAD_FILE_TYPE, field: 'file' });
  });
});
