import { Link } from 'react-router';

/**
 * A list with nothing in it says so and, where there is one, offers the way to fill it: an
 * "Откройте кейс!" with nothing to press leaves the player stuck. `to` is a page path already in
 * the page language.
 */
export function EmptyState({ text, action, testId }: { text: string; action?: { label: string; to: string }; testId?: string }) {
  return (
    <div className="empty empty--action" data-testid={testId}>
      <p>{text}</p>
      {action && (
        <Link to={action.to} className="btn btn--accent btn--m" data-testid="empty-action">
          {action.label}
        </Link>
      )}
    </div>
  );
}
