import { Menu } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { useSiteConfig } from "../../lib/site-config-context";
import { ThemeMenu } from "../theme-menu";
import { Button, type ButtonProps } from "../ui/button";
import { paths } from "../../../shared/paths";

// Real links to the landing page's sections, so they also work from /termsofservice and friends
// (ScrollManager scrolls to the hash once the section exists).
const sectionLinks = [
  { to: "/#how-it-works", label: "Product" },
  { to: "/#features", label: "Features" },
  { to: "/#security", label: "Security" },
  { to: "/#faq", label: "FAQ" },
];

function MenuButton(props: ButtonProps) {
  return (
    <Button variant="ghost" size="icon" aria-label="Open menu" className="md:hidden" {...props}>
      <Menu aria-hidden className="size-5" />
    </Button>
  );
}

// The dialog machinery behind the sheet (focus trap, scroll lock, portal) costs about 12 KB gzipped,
// so it loads right after first paint instead of on the landing page's critical path.
const MobileMenu = lazy(async () => {
  const { Sheet, SheetClose, SheetContent, SheetTrigger } = await import("../ui/sheet");
  function MobileMenuSheet() {
    return (
      <Sheet>
        <SheetTrigger asChild>
          <MenuButton />
        </SheetTrigger>
        <SheetContent title="Menu">
          <nav aria-label="Main">
            <ul className="space-y-1">
              {sectionLinks.map((link) => (
                <li key={link.to}>
                  <SheetClose asChild>
                    <Link to={link.to} className="block rounded-md px-3 py-2.5 text-base font-medium hover:bg-accent">
                      {link.label}
                    </Link>
                  </SheetClose>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-2 grid gap-3 border-t pt-6">
            <SheetClose asChild>
              <Button asChild variant="outline" size="lg">
                <Link to={paths.login}>Sign in</Link>
              </Button>
            </SheetClose>
            <SheetClose asChild>
              <Button asChild size="lg">
                <Link to={paths.login}>Start free</Link>
              </Button>
            </SheetClose>
          </div>
        </SheetContent>
      </Sheet>
    );
  }
  return { default: MobileMenuSheet };
});

/** The product mark: a page with a highlighted clause. */
export function LogoMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-7 shrink-0">
      <rect width="24" height="24" rx="6" className="fill-primary" />
      <path d="M7 7h10M7 11h6M7 17h5" className="stroke-primary-foreground" strokeWidth="2" strokeLinecap="round" />
      <rect x="6" y="13" width="12" height="2" rx="1" className="fill-highlight" />
    </svg>
  );
}

export function PublicHeader() {
  const { productName } = useSiteConfig();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <Link to={paths.home} className="mr-auto flex min-h-10 items-center gap-2 rounded-md text-lg font-bold tracking-tight">
          <LogoMark />
          {productName}
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {sectionLinks.map((link) => (
              <li key={link.to}>
                <Button asChild variant="ghost">
                  <Link to={link.to}>{link.label}</Link>
                </Button>
              </li>
            ))}
          </ul>
        </nav>
        <ThemeMenu />
        <Button asChild variant="ghost" className="hidden md:inline-flex">
          <Link to={paths.login}>Sign in</Link>
        </Button>
        <Button asChild className="hidden sm:inline-flex">
          <Link to={paths.login}>Start free</Link>
        </Button>
        <Suspense fallback={<MenuButton disabled />}>
          <MobileMenu />
        </Suspense>
      </div>
    </header>
  );
}
