import type { PlatformRole } from "./roles";

/** The signed-in person as the web app sees them (GET /api/me). */
export interface AppUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  displayName: string;
  avatar: string;
  avatarUrl: string | null;
  bio: string | null;
  phone: string | null;
  title: string | null;
  role: PlatformRole;
}
