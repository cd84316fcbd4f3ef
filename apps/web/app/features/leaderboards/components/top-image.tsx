import { useState } from 'react';
import { Picture } from '#app/components/picture.tsx';

/**
 * A board's or a prize's picture. Spec §4: an image falls back to its raw source on failure;
 * ours are already the raw source, so a picture that still fails becomes a neutral tile of the
 * same size and the layout stays as it was.
 */
export function TopImage({ src, className, width, height }: { src: string; className?: string; width: number; height: number }) {
  const [failed, setFailed] = useState(!src);
  if (failed) return <span className={`top-image-fallback ${className ?? ''}`} style={{ width, height }} aria-hidden="true" data-testid="top-image-fallback" />;
  return <Picture className={className} src={src} width={width} height={height} onError={() => setFailed(true)} />;
}
