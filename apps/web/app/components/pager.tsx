/** Previous / next page buttons with "page / pages" between; shown only when there is more than one page. */
export function Pager({
  page,
  pages,
  onPage,
  label,
  pageTestId,
  nextTestId,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label?: string;
  pageTestId?: string;
  nextTestId?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="btn btn--secondary btn--s" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ←
      </button>
      <span data-testid={pageTestId}>
        {page} / {pages}
      </span>
      <button type="button" className="btn btn--secondary btn--s" disabled={page >= pages} onClick={() => onPage(page + 1)} data-testid={nextTestId}>
        →
      </button>
    </nav>
  );
}
