import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { paths } from "../../../shared/paths";
import { useSession } from "../session";
import { ProfileDialog } from "./profile-dialog";

/** What an email-change link says on landing here: one address confirmed, or both and the email changed. */
const emailChangeLandings = {
  waiting: { title: "Address confirmed", description: "Now confirm the change from the other address too; the email changes once both are confirmed." },
  changed: { title: "Email changed", description: "Both addresses are confirmed. Use your new email to sign in from now on." },
} as const;

/** /app/account: the User Profile dialog, opened from the user menu's Account item; closing it goes to /app/documents (spec section 2). */
export function AccountPage() {
  const navigate = useNavigate();
  const { user, refresh } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const landing = searchParams.get("email_change");
  useEffect(() => {
    if (landing !== "waiting" && landing !== "changed") return;
    toast.success(emailChangeLandings[landing].title, { description: emailChangeLandings[landing].description });
    if (landing === "changed") void refresh();
    setSearchParams({}, { replace: true });
  }, [landing, refresh, setSearchParams]);
  if (!user) return null;
  return (
    <ProfileDialog
      user={user}
      onClose={() => navigate(paths.documents)}
      onChanged={refresh}
      onAccountClosed={() => {
        void refresh();
        navigate(paths.login, { replace: true });
      }}
    />
  );
}
