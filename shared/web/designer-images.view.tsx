/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import type { Designer } from '../domain/designer.schema.ts';
import { designerImagePath } from './site-urls.ts';

/**
 * Where a designer's preview is read from. A preview that is the directory's own generated artwork is read
 * from this host by its path (whatever base URL it was stored with); any other is read from where it lives,
 * with the generated one as the fallback that /assets/image-fallback.js swaps in if it fails to load.
 */
export function previewSource(designer: Pick<Designer, 'slug' | 'portfolio_preview'>): { src: string; fallback?: string } {
  const generated = designerImagePath(designer.slug, 'preview');
  let path: string | null = null;
  try {
    path = new URL(designer.portfolio_preview).pathname;
  } catch {
    // Not a URL: shown as given, with the fallback.
  }
  return path === generated ? { src: generated } : { src: designer.portfolio_preview, fallback: generated };
}

/** The generated avatar: decorative next to the name it shows the initials of, hence no alt text. */
export function Avatar({ slug, size }: { slug: string; size: number }) {
  return <img class="avatar" src={designerImagePath(slug, 'avatar')} alt="" width={size} height={size} decoding="async" />;
}

export function Preview({ designer, width, height, alt, lazy, className }: { designer: Designer; width: number; height: number; alt: string; lazy?: boolean; className: string }) {
  const { src, fallback } = previewSource(designer);
  return (
    <img
      class={className}
      src={src}
      data-fallback={fallback}
      alt={alt}
      width={width}
      height={height}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
    />
  );
}
