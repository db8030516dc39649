import { Outlet } from "react-router";
import { PublicFooter } from "./public-footer";
import { PublicHeader } from "./public-header";
import { SkipLink } from "./skip-link";

/** Header and footer around every public page; each page renders its own <main id="main">. */
export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <PublicHeader />
      <div className="flex-1">
        <Outlet />
      </div>
      <PublicFooter />
    </div>
  );
}
