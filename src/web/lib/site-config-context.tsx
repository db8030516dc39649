import { createContext, useContext, type ReactNode } from "react";
import type { SiteConfig } from "../../shared/site-config";

const SiteConfigContext = createContext<SiteConfig | undefined>(undefined);

export function SiteConfigProvider({ value, children }: { value: SiteConfig; children: ReactNode }) {
  return <SiteConfigContext.Provider value={value}>{children}</SiteConfigContext.Provider>;
}

export function useSiteConfig(): SiteConfig {
  const site = useContext(SiteConfigContext);
  if (!site) throw new Error("useSiteConfig must be used inside SiteConfigProvider");
  return site;
}
