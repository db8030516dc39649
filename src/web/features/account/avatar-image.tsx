import type { AppUser } from "../../../shared/contracts/me";

/** The avatar picture, or the initials when there is none. */
export function AvatarImage({ user, className }: { user: AppUser; className: string }) {
  return user.avatarUrl ? (
    <img src={user.avatarUrl} alt="" className={`${className} rounded-full object-cover`} />
  ) : (
    <span aria-hidden className={`${className} flex items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground`}>
      {user.avatar}
    </span>
  );
}
