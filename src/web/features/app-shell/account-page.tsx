import { useNavigate } from "react-router";
import { paths } from "../../../shared/paths";
import { useSession } from "../session";
import { ProfileDialog } from "./profile-dialog";

/** /app/account: the User Profile dialog, opened from the user menu's Account item; closing it goes to /app/documents (spec section 2). */
export function AccountPage() {
  const navigate = useNavigate();
  const { user, refresh } = useSession();
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
