import { describe, expect, it } from 'vitest';
import {
  densitySrcSet,
  IMAGE_DEFAULTS,
  imageOptions,
  pictureSources,
  placeholderSrc,
  resolveImageSrc,
  type ImageOptionsInput,
  type ImageSizer,
} from '../src/image.ts';

const where = { project: 'cs', bucketUrl: 'https://bucket.example', baseUrl: 'https://store.example' };
/** An image service that writes what it was asked into the address. */
const sizer: ImageSizer = (src, { width, quality, format }) => `/_img/${width}/${quality}/${format ?? 'same'}?src=${encodeURIComponent(src)}`;

describe('image options (spec §5)', () => {
  it('loads lazily and decodes asynchronously unless told otherwise (spec §9)', () => {
    expect(imageOptions()).toEqual({ loading: 'lazy', decoding: 'async' });
    expect(imageOptions({})).toEqual({ loading: 'lazy', decoding: 'async' });
  });

  it('keeps every allowed loading and decoding', () => {
    expect(imageOptions({ loading: 'eager' }).loading).toBe('eager');
    expect(imageOptions({ loading: 'lazy' }).loading).toBe('lazy');
    for (const decoding of ['async', 'auto', 'sync'] as const) expect(imageOptions({ decoding }).decoding).toBe(decoding);
  });

  it('refuses other loading and decoding values at the type level, and puts the default in their place at run time', () => {
    // @ts-expect-error not a loading of spec §5
    const loading: ImageOptionsInput = { loading: 'auto' };
    // @ts-expect-error not a decoding of spec §5
    const decoding: ImageOptionsInput = { decoding: 'lazy' };
    expect(imageOptions(loading).loading).toBe('lazy');
    expect(imageOptions(decoding).decoding).toBe('async');
    expect(imageOptions({ loading: 'EAGER', decoding: 'Sync' } as unknown as ImageOptionsInput)).toEqual({ loading: 'lazy', decoding: 'async' });
  });

  it('takes crossorigin as anonymous, use-credentials, empty or a boolean, true meaning anonymous', () => {
    expect(imageOptions({ crossOrigin: 'anonymous' }).crossOrigin).toBe('anonymous');
    expect(imageOptions({ crossOrigin: 'use-credentials' }).crossOrigin).toBe('use-credentials');
    expect(imageOptions({ crossOrigin: '' }).crossOrigin).toBe('');
    expect(imageOptions({ crossOrigin: true }).crossOrigin).toBe('anonymous');
    // False and nothing both leave the attribute out.
    expect(imageOptions({ crossOrigin: false })).not.toHaveProperty('crossOrigin');
    expect(imageOptions({})).not.toHaveProperty('crossOrigin');
  });

  it('leaves out a crossorigin of no allowed kind', () => {
    // @ts-expect-error not a crossorigin of spec §5
    const wrong: ImageOptionsInput = { crossOrigin: 'credentials' };
    expect(imageOptions(wrong)).not.toHaveProperty('crossOrigin');
    expect(imageOptions({ crossOrigin: 1 } as unknown as ImageOptionsInput)).not.toHaveProperty('crossOrigin');
  });
});

describe('where a picture is fetched from (spec §9)', () => {
  it("puts /static/ paths in the project's folder of the storage bucket", () => {
    expect(resolveImageSrc('/static/cases/red.png', where)).toBe('https://bucket.example/cs/cases/red.png');
    expect(resolveImageSrc('/static/cases/red.png', { ...where, project: 'dota' })).toBe('https://bucket.example/dota/cases/red.png');
  });

  it("puts /img/ paths at the store's base URL, the page's own origin when that is empty", () => {
    expect(resolveImageSrc('/img/items/ak-47-asiimov-ft.svg', where)).toBe('https://store.example/img/items/ak-47-asiimov-ft.svg');
    expect(resolveImageSrc('/img/items/ak-47-asiimov-ft.svg', { ...where, baseUrl: '' })).toBe('/img/items/ak-47-asiimov-ft.svg');
  });

  it('fetches protocol-relative addresses over https', () => {
    expect(resolveImageSrc('//cdn.example/a.webp', where)).toBe('https://cdn.example/a.webp');
  });

  it('leaves every other address as it is', () => {
    for (const src of ['https://cdn.example/a.webp', 'http://cdn.example/a.webp', 'data:image/png;base64,AAAA', '/icons/icon-192.png', 'static/a.png', '/imgs/a.png', '/staticx/a.png', ''])
      expect(resolveImageSrc(src, where)).toBe(src);
  });
});

describe('sized pictures (spec §9)', () => {
  it('has the defaults of the spec', () => {
    expect(IMAGE_DEFAULTS).toEqual({
      loading: 'lazy',
      decoding: 'async',
      formats: ['avif', 'webp'],
      quality: 100,
      placeholder: { width: 10, height: 10, quality: 50, blur: 3 },
      densities: [1, 2],
    });
  });

  it('asks an image service for densities 1 and 2 at quality 100', () => {
    expect(densitySrcSet('https://cdn.example/a.webp', 160, sizer)).toBe(
      '/_img/160/100/same?src=https%3A%2F%2Fcdn.example%2Fa.webp 1x, /_img/320/100/same?src=https%3A%2F%2Fcdn.example%2Fa.webp 2x',
    );
  });

  it('offers avif first, then webp', () => {
    expect(pictureSources('/a.png', 48, sizer)).toEqual([
      { type: 'image/avif', srcSet: '/_img/48/100/avif?src=%2Fa.png 1x, /_img/96/100/avif?src=%2Fa.png 2x' },
      { type: 'image/webp', srcSet: '/_img/48/100/webp?src=%2Fa.png 1x, /_img/96/100/webp?src=%2Fa.png 2x' },
    ]);
  });

  it('asks for a 10-pixel placeholder at quality 50', () => {
    expect(placeholderSrc('/a.png', sizer)).toBe('/_img/10/50/same?src=%2Fa.png');
  });

  it('sends the picture as it is when there is no image service, or no width to size it by', () => {
    expect(densitySrcSet('/a.png', 160, undefined)).toBeUndefined();
    expect(densitySrcSet('/a.png', 0, sizer)).toBeUndefined();
    expect(pictureSources('/a.png', 160, undefined)).toEqual([]);
    expect(placeholderSrc('/a.png', undefined)).toBeUndefined();
  });
});
