import { Outlet } from 'react-router';

/** Placeholder: replaced by the page. */
export default function Page() {
  return <Outlet />;
}
