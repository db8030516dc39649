import { lazy, Suspense, type ReactNode } from "react";
import { createPortal } from "react-dom";
import type { SiteConfig } from "../../shared/site-config";
import { SiteConfigProvider } from "../lib/site-config-context";
import { SMALL_SCREEN_QUERY, useMediaQuery } from "../lib/use-media-query";
import { ThemeProvider, useTheme } from "../lib/theme-provider";

// The landing page shows no toasts, so the toast library loads after first paint.
const Toaster = lazy(async () => ({ default: (await import("sonner")).Toaster }));

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  // A close button would be a 20 px tap target on a phone, where a toast is swiped away instead.
  const isSmallScreen = useMediaQuery(SMALL_SCREEN_QUERY);
  // Straight under <body>, not inside the app's root: a dialog opened before this lazy chunk
  // arrives (the profile dialog at /app/account) hides the root's subtree from screen readers,
  // and toasts drawn inside it would never be announced.
  return createPortal(
    <Suspense fallback={null}>
      <Toaster theme={resolvedTheme} richColors closeButton={!isSmallScreen} containerAriaLabel="Notifications" />
    </Suspense>,
    document.body,
  );
}

export function AppProviders({ site, children }: { site: SiteConfig; children: ReactNode }) {
  return (
    <SiteConfigProvider value={site}>
      <ThemeProvider>
        {children}
        <ThemedToaster />
      </ThemeProvider>
    </SiteConfigProvider>
  );
}
