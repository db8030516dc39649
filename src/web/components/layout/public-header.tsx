import { Link } from "react-router";
import { ThemeMenu } from "../theme-menu";

export function PublicHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Link to="/" className="font-semibold">
          Clausewise
        </Link>
        <ThemeMenu />
      </div>
    </header>
  );
}
