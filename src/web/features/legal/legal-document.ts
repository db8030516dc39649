import type { ReactNode } from "react";
import type { SiteConfig } from "../../../shared/site-config";

export interface LegalSection {
  id: string;
  title: string;
  content: (site: SiteConfig) => ReactNode;
}

export interface LegalDocument {
  title: string;
  description: string;
  dateLabel: string;
  sections: LegalSection[];
}
