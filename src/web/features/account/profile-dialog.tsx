import { auditCopy } from "../../../shared/audit";
import type { AppUser } from "../../../shared/contracts/me";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { AuditLog } from "../audit";
import { TwoFactorSettings } from "../two-factor";
import { CloseAccountSection } from "./close-account-section";
import { PasswordSection } from "./password-section";
import { ProfileForm } from "./profile-form";
import { SessionsSection } from "./sessions-section";

/** The User Profile dialog (spec section 2), with the account's essentials on a second tab. */
export function ProfileDialog({
  user,
  onClose,
  onChanged,
  onAccountClosed,
}: {
  user: AppUser;
  onClose: () => void;
  onChanged: () => Promise<unknown>;
  onAccountClosed: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>User Profile</DialogTitle>
          <DialogDescription>How colleagues see you, your email, and your account.</DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="profile">
          <TabsList>
            <TabsTrigger value="profile">Profile</TabsTrigger>
            <TabsTrigger value="security">Security</TabsTrigger>
            <TabsTrigger value="activity">Activity</TabsTrigger>
          </TabsList>
          <TabsContent value="profile" className="pt-4">
            <ProfileForm user={user} onSaved={onClose} onChanged={onChanged} />
          </TabsContent>
          <TabsContent value="security" className="space-y-6 pt-4">
            <PasswordSection />
            <TwoFactorSettings />
            <SessionsSection />
            <CloseAccountSection onClosed={onAccountClosed} />
          </TabsContent>
          <TabsContent value="activity" className="space-y-3 pt-4">
            <p className="text-sm text-muted-foreground">{auditCopy.securityDescription}</p>
            <AuditLog source={{ kind: "mine" }} label={auditCopy.securityTitle} canExport={false} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
