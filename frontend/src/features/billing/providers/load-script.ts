/**
 * Loads a third-party script (`<script src async>` in <head>) once per URL. A failed load (offline,
 * blocked) forgets the URL, so that a later attempt tries again.
 */
const loading = new Map<string, Promise<void>>();

export function loadScript(src: string, attributes: Record<string, string> = {}): Promise<void> {
  const known = loading.get(src);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      loading.delete(src);
      script.remove();
      reject(new Error(`The payment script ${src} could not be loaded.`));
    });
    document.head.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}

/** Removes a script this module loaded, so that the next `loadScript` of its URL loads it anew. */
export function unloadScript(script: HTMLScriptElement): void {
  const src = script.getAttribute('src');
  if (src) loading.delete(src);
  script.remove();
}
