import type { AccessSubject } from "../../shared/access";
import type { SignInMethod } from "../organizations/membership-rules";

/**
 * Who is asking, built once per request (src/server/http/identify-actor.ts): the signed-in user,
 * their roles, and where the request came from, which the audit log will record.
 */
export interface Actor extends AccessSubject {
  email: string;
  requestId: string;
  ip: string;
  userAgent: string | null;
  /** The session the request came with; null for work done outside a request. */
  sessionId: string | null;
  /** How this session was made; null for sessions made before that was recorded. */
  signInMethod: SignInMethod | null;
  /**
   * Their organization (or, for an owner, the platform) requires two-factor sign-in and they have
   * not set it up: nothing but that set-up answers them (ADR 029). Absent means false.
   */
  twoFactorSetupRequired?: boolean;
}

/** The part of the actor a user-scoped query reads: whose rows it may touch. */
export type UserScope = Pick<Actor, "userId">;
