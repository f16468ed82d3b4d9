import { useEffect, useState } from 'react';

/** The dark modules of a QR code as one SVG path, a 1x1 square each (the quiet zone added by the viewBox). */
function pathOf(size: number, dark: (row: number, col: number) => boolean): string {
  let path = '';
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) if (dark(row, col)) path += `M${col} ${row}h1v1h-1z`;
  }
  return path;
}

const QUIET = 2;

/**
 * The share link as a QR code, drawn as an SVG from the modules of the `qrcode` package (pinned, the one the
 * server already uses for authenticator enrolment), which loads only with this component: a phone at the
 * track shows it and a friend scans it.
 */
export function ShareQr({ url, label }: { url: string; label: string }) {
  const [code, setCode] = useState<{ url: string; size: number; path: string } | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((qr) => {
      const { modules } = qr.create(url, { errorCorrectionLevel: 'M' });
      if (live)
        setCode({ url, size: modules.size, path: pathOf(modules.size, (row, col) => modules.get(row, col) === 1) });
    });
    return () => {
      live = false;
    };
  }, [url]);
  if (!code || code.url !== url) return <div className="bakas__qr bakas__qr--loading" aria-hidden="true" />;
  const box = code.size + QUIET * 2;
  return (
    <svg
      className="bakas__qr"
      viewBox={`${-QUIET} ${-QUIET} ${box} ${box}`}
      role="img"
      aria-label={label}
      data-testid="bakas-qr"
      shapeRendering="crispEdges"
    >
      <rect x={-QUIET} y={-QUIET} width={box} height={box} fill="#fff" />
      <path d={code.path} fill="#000" />
    </svg>
  );
}
