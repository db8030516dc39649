import type { ReactNode } from "react";
import { Toaster } from "sonner";
import type { SiteConfig } from "../../shared/site-config";
import { SiteConfigProvider } from "../lib/site-config-context";
import { ThemeProvider, useTheme } from "../lib/theme-provider";

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  return <Toaster theme={resolvedTheme} richColors closeButton containerAriaLabel="Notifications" />;
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
