/**
 * The placeholder behind a picture still loading (spec §9, decision 053): `<Picture>` renders its
 * `<img>` with this attribute, which the stylesheet paints as a soft tinted box, and the document
 * takes it off when the picture has loaded. One capturing listener, like the fallback's, so it
 * works for pictures that loaded before hydration too and no image needs a handler or a state.
 */
export const PLACEHOLDER_ATTR = 'data-placeholder';

/** Whether an image has a picture to show (a swapped-in drawing counts; an image with no address does not). */
const shows = (img: HTMLImageElement) => img.complete && img.naturalWidth > 0;

/** Takes the placeholder off each picture as it loads, and off those that loaded before the script ran. */
export function installImagePlaceholders(doc: Document): void {
  doc.addEventListener(
    'load',
    (e) => {
      if (e.target instanceof HTMLImageElement) e.target.removeAttribute(PLACEHOLDER_ATTR);
    },
    true,
  );
  for (const img of Array.from(doc.images)) if (shows(img)) img.removeAttribute(PLACEHOLDER_ATTR);
}
