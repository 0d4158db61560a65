// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, checkSource, isHttpLink } from './validation';

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
    // member-app.md §5, word for word.
    expect(checkSource('', null)).toEqual({ error: 'Please select a file or url', field: null });
    expect(checkSource('   ', null)).toEqual({ error: 'Please select a file or url', field: null });
    expect(checkSource('www.example.com', null)).toEqual({ error: 'Please enter a valid link starting with http:// or https://.', field: 'url' });
    expect(checkSource(' https://example.com/a ', null)).toEqual({ source: { kind: 'url', url: 'https://example.com/a' } });
  });

  it('takes files of the offered kinds up to 20 MB', () => {
    expect(checkSource('', fileOf('a.pdf', MAX_FILE_BYTES))).toMatchObject({ source: { kind: 'file' } });
    expect(checkSource('', fileOf('a.pdf', MAX_FILE_BYTES + 1))).toEqual({ error: 'The file is larger than 20 MB.', field: 'file' });
    for (const name of ['Book.EPUB', 'page.htm', 'page.html', 'notes.txt'])
      expect(checkSource('', fileOf(name)), name).toMatchObject({ source: { kind: 'file' } });
    expect(checkSource('', fileOf('photo.jpg'))).toEqual({ error: 'Please choose a PDF, EPUB, HTML or plain-text file.', field: 'file' });
  });
});
