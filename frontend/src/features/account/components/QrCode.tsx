import { useEffect, useState } from 'react';

/** The QR code library is loaded only when a QR code is drawn (its own chunk). */
async function qrDataUrl(value: string): Promise<string> {
  const [{ generate }, { toSvgDataURL }] = await Promise.all([
    import(/* webpackChunkName: "qr-code" */ 'lean-qr'),
    import(/* webpackChunkName: "qr-code" */ 'lean-qr/extras/svg'),
  ]);
  // SVG rather than a canvas PNG: sharp at any size, and drawn without a canvas.
  return toSvgDataURL(generate(value), { on: '#000', off: '#fff', pad: 4 });
}

/** `value` as a QR code image (black on white with its quiet zone), or a note when it cannot be drawn. */
export function QrCode({ value, alt }: { value: string; alt: string }) {
  const [drawn, setDrawn] = useState<{ value: string; src: string | null } | null>(null);

  useEffect(() => {
    let active = true;
    void qrDataUrl(value)
      .catch(() => null)
      .then((src) => {
        if (active) setDrawn({ value, src });
      });
    return () => {
      active = false;
    };
  }, [value]);

  const current = drawn?.value === value ? drawn : null;
  if (!current) return <div className="qr qr--loading" aria-hidden="true" />;
  if (!current.src) return <p className="qr-missing">The QR code could not be shown: please enter the key below in your app instead.</p>;
  return <img className="qr" src={current.src} alt={alt} width={200} height={200} />;
}
