/** Generated pictures change only with the catalogue: a day fresh, a week served stale while refreshed. */
export const SVG_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';
