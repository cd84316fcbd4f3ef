/**
 * The rules of a picture on the store's pages: spec §5 "Image options" (which loading, decoding and
 * crossorigin values a picture may carry) and spec §9 "Image defaults" (lazy, webp and avif at
 * quality 100, a 10×10 placeholder at quality 50 blurred by 3, densities 1 and 2, and where
 * `/static/`, `/img/` and `//` addresses lead). No IO: the web's one picture component uses them.
 */

export const IMAGE_LOADINGS = ['lazy', 'eager'] as const;
export const IMAGE_DECODINGS = ['async', 'auto', 'sync'] as const;
export const IMAGE_CROSS_ORIGINS = ['anonymous', 'use-credentials', ''] as const;

export type ImageLoading = (typeof IMAGE_LOADINGS)[number];
export type ImageDecoding = (typeof IMAGE_DECODINGS)[number];
/** `true` stands for `anonymous`, `false` for no attribute at all. */
export type ImageCrossOrigin = (typeof IMAGE_CROSS_ORIGINS)[number] | boolean;
export type ImageFormat = 'avif' | 'webp';

export const IMAGE_DEFAULTS = {
  loading: 'lazy',
  decoding: 'async',
  /** Best first: a browser takes the first `<source>` whose type it knows. */
  formats: ['avif', 'webp'],
  quality: 100,
  placeholder: { width: 10, height: 10, quality: 50, blur: 3 },
  densities: [1, 2],
} as const satisfies {
  loading: ImageLoading;
  decoding: ImageDecoding;
  formats: readonly ImageFormat[];
  quality: number;
  placeholder: { width: number; height: number; quality: number; blur: number };
  densities: readonly number[];
};

export interface ImageOptionsInput {
  loading?: ImageLoading;
  decoding?: ImageDecoding;
  crossOrigin?: ImageCrossOrigin;
}

export interface ImageOptions {
  loading: ImageLoading;
  decoding: ImageDecoding;
  /** Absent: the attribute is left out. */
  crossOrigin?: 'anonymous' | 'use-credentials' | '';
}

const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T => typeof value === 'string' && (list as readonly string[]).includes(value);

/**
 * The attributes a picture is rendered with. The types refuse any other value; one that slips
 * through at run time (an operator's record, an untyped caller) falls back to the default rather
 * than reaching the page.
 */
export function imageOptions(input: ImageOptionsInput = {}): ImageOptions {
  const loading = oneOf(IMAGE_LOADINGS, input.loading) ? input.loading : IMAGE_DEFAULTS.loading;
  const decoding = oneOf(IMAGE_DECODINGS, input.decoding) ? input.decoding : IMAGE_DEFAULTS.decoding;
  const c = input.crossOrigin;
  const crossOrigin = c === true ? 'anonymous' : oneOf(IMAGE_CROSS_ORIGINS, c) ? c : undefined;
  return crossOrigin === undefined ? { loading, decoding } : { loading, decoding, crossOrigin };
}

/** Where the addresses of spec §9 lead: the storage bucket's address, and the store's own. */
export interface ImageWhere {
  project: string;
  /** The bucket's address, without a trailing slash: `/static/x.png` is `<bucketUrl>/<project>/x.png`. */
  bucketUrl: string;
  /** The store's address, without a trailing slash; empty for the page's own origin. */
  baseUrl: string;
}

/**
 * The address a picture is fetched from: `/static/…` in the project's folder of the storage
 * bucket, `/img/…` at the store's base URL, a protocol-relative `//host/…` over https; anything
 * else (an https address, `data:`, another path of the store) as it is.
 */
export function resolveImageSrc(src: string, where: ImageWhere): string {
  if (src.startsWith('//')) return `https:${src}`;
  if (src.startsWith('/static/')) return `${where.bucketUrl}/${encodeURIComponent(where.project)}/${src.slice('/static/'.length)}`;
  if (src.startsWith('/img/')) return `${where.baseUrl}${src}`;
  return src;
}

/**
 * An image service's address of `src` at `width` CSS pixels times a density, in a format (absent:
 * the source's own) at a quality. The store has none today (decision 053): a picture without one
 * is sent as it is, with no `srcset` and no `<source>`.
 */
export type ImageSizer = (src: string, size: { width: number; quality: number; format?: ImageFormat }) => string;

/** `srcset` for the densities of spec §9 (`<url> 1x, <url> 2x`); undefined without a sizer. */
export function densitySrcSet(src: string, width: number, sizer: ImageSizer | undefined, format?: ImageFormat): string | undefined {
  if (!sizer || !(width > 0)) return undefined;
  const quality = IMAGE_DEFAULTS.quality;
  return IMAGE_DEFAULTS.densities.map((d) => `${sizer(src, { width: width * d, quality, ...(format ? { format } : {}) })} ${d}x`).join(', ');
}

/** The `<source>`s of a `<picture>`, one per format of spec §9, best first; none without a sizer. */
export function pictureSources(src: string, width: number, sizer: ImageSizer | undefined): { type: string; srcSet: string }[] {
  if (!sizer || !(width > 0)) return [];
  return IMAGE_DEFAULTS.formats.map((format) => ({ type: `image/${format}`, srcSet: densitySrcSet(src, width, sizer, format)! }));
}

/** The placeholder's address from a sizer (10×10, quality 50); undefined without one. */
export function placeholderSrc(src: string, sizer: ImageSizer | undefined): string | undefined {
  const { width, quality } = IMAGE_DEFAULTS.placeholder;
  return sizer ? sizer(src, { width, quality }) : undefined;
}
