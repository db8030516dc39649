import { LogOut, MonitorSmartphone, UserRound } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { AppUser } from "../../../shared/contracts/me";
import { paths } from "../../../shared/paths";
import { Button } from "../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";
import { AvatarImage } from "../account";
import { BillingMenuItems, BillingRuntime, ChoosePlanDialog, CreditsLine } from "../billing";
import { useSignOut } from "./use-sign-out";

export function UserMenu({ user }: { user: AppUser }) {
  const navigate = useNavigate();
  const { signOut, isSigningOut } = useSignOut();
  const [isChoosingPlan, setChoosingPlan] = useState(false);
  return (
    <>
      <BillingRuntime />
      <ChoosePlanDialog open={isChoosingPlan} onOpenChange={setChoosingPlan} />
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" className="gap-2 px-2" aria-label={`Account menu for ${user.displayName}`}>
            <AvatarImage user={user} className="size-8 text-xs" />
            <span className="hidden max-w-40 truncate text-sm sm:inline">{user.displayName}</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <DropdownMenuLabel className="font-normal">
            <span className="block truncate font-medium">{user.displayName}</span>
            <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
            <CreditsLine />
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => navigate(paths.account)}>
            <UserRound aria-hidden />
            Account
          </DropdownMenuItem>
          <BillingMenuItems onStartSubscription={() => setChoosingPlan(true)} />
          <DropdownMenuSeparator />
          <DropdownMenuItem disabled={isSigningOut} onSelect={() => void signOut()}>
            <LogOut aria-hidden />
            Log out
          </DropdownMenuItem>
          <DropdownMenuItem disabled={isSigningOut} onSelect={() => void signOut({ everywhere: true })}>
            <MonitorSmartphone aria-hidden />
            Log out of all devices
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
