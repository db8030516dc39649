import { ChevronDown, Download, type LucideIcon } from "lucide-react";
import { Button } from "./button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "./dropdown-menu";

export interface DownloadChoice {
  href: string;
  label: string;
  icon: LucideIcon;
}

/** A "Download" button opening the formats a thing can be saved in; each is a link the browser saves. */
export function DownloadMenu({
  name,
  choices,
  disabled = false,
  variant = "ghost",
}: {
  name: string;
  choices: DownloadChoice[];
  disabled?: boolean;
  variant?: "ghost" | "outline";
}) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant={variant} disabled={disabled} aria-label={name}>
          <Download aria-hidden />
          <span className="max-sm:sr-only">Download</span>
          <ChevronDown aria-hidden className="max-sm:hidden" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {choices.map(({ href, label, icon: Icon }) => (
          <DropdownMenuItem key={href} asChild>
            <a href={href} download>
              <Icon aria-hidden />
              {label}
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
