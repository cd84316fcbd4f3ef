import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ImageSizer } from '@store/shared/image';
import { LazyTrackContext, Picture, type PictureProps } from '#app/components/picture.tsx';

/** The markup a page sends for `node`, on a store of `project` (the root loader's configuration). */
function rendered(node: ReactNode, project = 'cs'): string {
  const router = createMemoryRouter([{ id: 'root', path: '/', element: node, loader: () => null }], {
    hydrationData: { loaderData: { root: { config: { project } } } },
  });
  return renderToStaticMarkup(createElement(RouterProvider, { router }));
}

/** The attributes of the one `<img>` the page shows for `props`, by their HTML names (case does not count). */
function img(props: PictureProps, project?: string): Record<string, string> {
  const html = rendered(createElement(Picture, props), project);
  const tags = html.match(/<img\b[^>]*>/g) ?? [];
  expect(tags).toHaveLength(1);
  return Object.fromEntries([...tags[0]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]!.replace(/&amp;/g, '&')]));
}

const remote = 'https://cdn.example/skins/ak-47.webp';

describe('the one picture of the store (spec §5, §9)', () => {
  it('is lazy and decodes asynchronously by default, its size fixed before it loads, over a placeholder', () => {
    const a = img({ src: remote, width: 160, height: 120 });
    expect(a).toMatchObject({ src: remote, width: '160', height: '120', loading: 'lazy', decoding: 'async', alt: '' });
    expect(a).toHaveProperty('data-placeholder');
    expect(a).not.toHaveProperty('fetchpriority');
    expect(a).not.toHaveProperty('crossorigin');
    expect(a).not.toHaveProperty('srcset');
  });

  it('loads a picture above the fold at once, and the main one first', () => {
    expect(img({ src: remote, width: 96, height: 96, loading: 'eager' })).toMatchObject({ loading: 'eager' });
    expect(img({ src: remote, width: 96, height: 96, loading: 'eager' })).not.toHaveProperty('fetchpriority');
    expect(img({ src: remote, width: 220, height: 220, priority: true })).toMatchObject({ loading: 'eager', fetchpriority: 'high' });
    // The main picture is never lazy, whatever else it is told.
    expect(img({ src: remote, width: 220, height: 220, priority: true, loading: 'lazy' })).toMatchObject({ loading: 'eager' });
  });

  it('writes the decoding and crossorigin it is given, true as anonymous and false as nothing', () => {
    expect(img({ src: remote, width: 1, height: 1, decoding: 'sync' }).decoding).toBe('sync');
    expect(img({ src: remote, width: 1, height: 1, crossOrigin: true }).crossorigin).toBe('anonymous');
    expect(img({ src: remote, width: 1, height: 1, crossOrigin: 'use-credentials' }).crossorigin).toBe('use-credentials');
    expect(img({ src: remote, width: 1, height: 1, crossOrigin: false })).not.toHaveProperty('crossorigin');
  });

  it("fetches /static/ pictures from the project's folder of the bucket, // over https, the store's /img/ from the store", () => {
    expect(img({ src: '/static/banners/spring.png', width: 1, height: 1 }).src).toBe('/static/cs/banners/spring.png');
    expect(img({ src: '/static/banners/spring.png', width: 1, height: 1 }, 'dota').src).toBe('/static/dota/banners/spring.png');
    expect(img({ src: '//cdn.example/a.webp', width: 1, height: 1 }).src).toBe('https://cdn.example/a.webp');
    expect(img({ src: '/img/items/ak-47-asiimov-ft.svg', width: 1, height: 1 }).src).toBe('/img/items/ak-47-asiimov-ft.svg');
  });

  it('offers avif and webp at densities 1 and 2 when there is an image service to size them', () => {
    const sizer: ImageSizer = (src, { width, format }) => `/_img/${format ?? 'same'}/${width}?src=${encodeURIComponent(src)}`;
    const html = rendered(createElement(Picture, { src: '/a.png', width: 48, height: 48, sizer }));
    expect(html).toMatch(/^<picture><source type="image\/avif" srcSet="\/_img\/avif\/48\?src=%2Fa.png 1x, \/_img\/avif\/96\?src=%2Fa.png 2x"\/><source type="image\/webp" srcSet="[^"]+"\/><img /);
    expect(html).toContain('srcSet="/_img/same/48?src=%2Fa.png 1x, /_img/same/96?src=%2Fa.png 2x"');
  });

  it('waits, without an address, until a lazy track it sits in has shown it (the level slider, spec §9)', () => {
    const inTrack = (loading: 'lazy' | 'eager') =>
      rendered(createElement(LazyTrackContext.Provider, { value: { root: null, margin: 300 } }, createElement(Picture, { src: remote, width: 88, height: 88, loading })));
    const waiting = inTrack('lazy');
    expect(waiting).toMatch(/<img [^>]*width="88" height="88"/);
    expect(waiting).not.toContain('src=');
    expect(waiting).toContain('data-placeholder');
    // An eager picture in the track (the claim's animation) does not wait.
    expect(inTrack('eager')).toContain(`src="${remote}"`);
  });
});
