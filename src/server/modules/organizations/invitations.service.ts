import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { Actor } from "../../../core/access/actor";
import type { SignInMethod } from "../../../core/organizations/membership-rules";
import { accessRoleLabels } from "../../../shared/access";
import type {
  AcceptInvitationResponse,
  AcceptWithCodeRequest,
  AcceptWithPasswordRequest,
  InvitationLookupResponse,
  InvitationSignInResponse,
  UnusableInvitationState,
} from "../../../shared/contracts/organizations";
import { INVITATION_EXPIRY_DAYS, invitationLink, invitationMessages, organizationMessages, type AuthMethod } from "../../../shared/organizations";
import { paths, withQuery } from "../../../shared/paths";
import type { SiteConfig } from "../../../shared/site-config";
import type { Mailer } from "../../adapters/mail/mailer";
import type { Database } from "../../db/client";
import { AppError } from "../../http/app-error";
import { invitationEmail } from "../mail/auth-emails";
import { invitationCodeHash, invitationTokenHash, isInvitationCode, newInvitationSecrets } from "./invitation-secrets";
import type { AcceptedInvitation, MembershipsService } from "./memberships.service";
import type { AuditRequest, AuditService } from "../audit/audit.service";
import { createOrganizationsRepo, type InvitationRow, type OrganizationRow } from "./organizations.repo";

/** Wrong codes an invitation takes before its code stops working (a resend makes a new one). */
export const INVITATION_CODE_ATTEMPTS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Signs the invited person in once their invitation's token or code has been checked: Better
 * Auth makes the account (verified) on first use, the optional password, and the session cookie.
 * Resolves to the person's id, or to null when their account uses two-factor sign-in: then no
 * session is made yet, the browser has the challenge for its code instead (ADR 039).
 */
export type SignInInvitedPerson = (person: {
  email: string;
  password?: string;
  /** Given to an account without a name (a new one); an account's own name is kept. */
  name?: string;
  signInMethod: Extract<SignInMethod, `invitation_${string}`>;
}) => Promise<string | null>;

export interface InvitationsDeps {
  db: Database;
  memberships: MembershipsService;
  mailer: Mailer;
  site: SiteConfig;
  publicUrl: string;
  /** The auth secret: codes are kept as HMACs under it. */
  secret: string;
  logger: Logger;
  now: () => Date;
  audit: AuditService;
}

const messageByState: Record<UnusableInvitationState, string> = {
  unknown: invitationMessages.invalidOrExpired,
  expired: invitationMessages.expired,
  cancelled: invitationMessages.invalid,
  accepted: invitationMessages.invalid,
};

function stateOf(invitation: InvitationRow, now: Date): UnusableInvitationState | "valid" {
  if (invitation.status === "cancelled") return "cancelled";
  if (invitation.status === "accepted") return "accepted";
  return invitation.expiresAt.getTime() <= now.getTime() ? "expired" : "valid";
}

function refusalFor(state: UnusableInvitationState): AppError {
  return new AppError(state === "unknown" ? "not_found" : "conflict", messageByState[state]);
}

/** Invitations: sending them (fresh secrets each time) and everything the invited person does with one. */
export function createInvitationsService(deps: InvitationsDeps) {
  const { db } = deps;
  const repo = createOrganizationsRepo(db);

  /** A new link token and code for an invitation, open for 7 days from `now`. */
  function freshSecrets(invitationId: string, now: Date) {
    const { token, code } = newInvitationSecrets();
    return {
      token,
      code,
      values: {
        tokenHash: invitationTokenHash(token),
        codeHash: invitationCodeHash(deps.secret, invitationId, code),
        codeAttempts: 0,
        lastSentAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_EXPIRY_DAYS * DAY_MS),
      },
    };
  }

  /** The invitation email with this link and code; sent after the transaction that stored them commits. */
  async function delivery(tx: Database, invitation: InvitationRow, organization: OrganizationRow, secrets: { token: string; code: string }) {
    const message = invitationEmail({
      organizationName: organization.name,
      inviterName: await repo.displayNameOf(invitation.invitedBy, tx),
      roleLabel: accessRoleLabels[invitation.role === "org_admin" ? "org_admin" : "org_user"],
      code: secrets.code,
      link: invitationLink(deps.publicUrl, secrets.token),
      codePageUrl: `${deps.publicUrl}${withQuery(paths.authCode, { type: "invite", email: invitation.email })}`,
      expiresInDays: INVITATION_EXPIRY_DAYS,
      site: deps.site,
    });
    return { invitation, deliver: () => deliver(invitation.email, message) };
  }

  /** A new invitation, stored with its secrets' hashes. */
  async function create(tx: Database, organization: OrganizationRow, input: { email: string; role: string; invitedBy: string }, now: Date) {
    const id = randomUUID();
    const secrets = freshSecrets(id, now);
    const invitation = await repo.insertInvitation({ id, organizationId: organization.id, ...input, ...secrets.values }, tx);
    return delivery(tx, invitation, organization, secrets);
  }

  /** Sends a pending invitation again: new secrets (the old link and code stop working), 7 more days. */
  async function send(tx: Database, invitation: InvitationRow, organization: OrganizationRow, now: Date, changes: { role?: string; invitedBy?: string } = {}) {
    const secrets = freshSecrets(invitation.id, now);
    const sent = await repo.updateInvitation(invitation.id, { ...changes, ...secrets.values }, tx);
    return delivery(tx, sent, organization, secrets);
  }

  async function deliver(to: string, message: Omit<Parameters<Mailer["send"]>[0], "to">): Promise<void> {
    await deps.mailer.send({ to, ...message }).catch((error: unknown) => deps.logger.error({ err: error, to }, "invitation email could not be sent"));
  }

  async function usableInvitationByToken(token: string) {
    const found = await repo.invitationByTokenHash(invitationTokenHash(token));
    if (!found) throw refusalFor("unknown");
    const state = stateOf(found.invitation, deps.now());
    if (state !== "valid") throw refusalFor(state);
    return found;
  }

  function requireMethod(organization: OrganizationRow, method: AuthMethod): void {
    const isEnabled = method === "azure_ad" ? organization.authAzureAd : organization.authEmailPassword;
    if (!isEnabled) throw new AppError("forbidden", invitationMessages.methodNotAllowed(method));
  }

  /** The organization must have room before an account is made for the invited person. */
  async function requireRoom(organization: OrganizationRow, email: string): Promise<void> {
    const current = await repo.findUserByEmail(email);
    const membership = current && (await repo.activeMembership(current.id));
    if (membership?.organization.id === organization.id) return;
    if ((await repo.countActiveMembers(organization.id)) >= organization.maxUsers) {
      throw new AppError("conflict", organizationMessages.maxUsersReached(organization.maxUsers));
    }
  }

  /** What the person joined, and whether they have yet to give their name (an account made by a code or a sign-in provider without one). */
  async function answerOf(accepted: AcceptedInvitation, userId: string): Promise<AcceptInvitationResponse> {
    const { organization, role } = accepted;
    return { organizationId: organization.id, organizationName: organization.name, role, needsName: !(await repo.hasOwnName(userId)) };
  }

  /** Joins once signed in; a person asked for a two-factor code first accepts, signed in, from the invitation page (`acceptAsActor`). */
  async function signInAndAccept(
    invitation: InvitationRow,
    signIn: SignInInvitedPerson,
    person: Parameters<SignInInvitedPerson>[0],
  ): Promise<InvitationSignInResponse> {
    const userId = await signIn(person);
    if (userId === null) return { twoFactorRedirect: true };
    return answerOf(await deps.memberships.acceptInvitation(invitation.id, { userId, email: invitation.email, signInMethod: person.signInMethod }), userId);
  }

  return {
    create,
    send,

    /** What /auth/complete-invite shows before sign-in (get_invitation_details). */
    async lookup(token: string): Promise<InvitationLookupResponse> {
      const found = await repo.invitationByTokenHash(invitationTokenHash(token));
      const state = found ? stateOf(found.invitation, deps.now()) : "unknown";
      if (state !== "valid") return { state, message: messageByState[state] };
      const { invitation, organization } = found!;
      const account = await repo.findUserByEmail(invitation.email);
      return {
        state: "valid",
        invitation: {
          email: invitation.email,
          organizationName: organization.name,
          emailPasswordEnabled: organization.authEmailPassword,
          azureAdEnabled: organization.authAzureAd,
          defaultMethod: organization.defaultAuthMethod === "azure_ad" ? "azure_ad" : "email_password",
          hasAccount: Boolean(account?.emailVerified && (account.twoFactorEnabled || (await repo.hasPassword(account.id)))),
          expiresAt: invitation.expiresAt.toISOString(),
        },
      };
    },

    /**
     * Password setup from the link: the token proves the mailbox, as a reset code does. A
     * verified account that already has a password, or uses two-factor sign-in, signs in and
     * accepts instead; an unverified one's password (typed by whoever signed the address up) is replaced.
     */
    async acceptWithPassword(input: AcceptWithPasswordRequest, signIn: SignInInvitedPerson): Promise<InvitationSignInResponse> {
      const { invitation, organization } = await usableInvitationByToken(input.token);
      requireMethod(organization, "email_password");
      const account = await repo.findUserByEmail(invitation.email);
      if (account?.emailVerified && (await repo.hasPassword(account.id))) throw new AppError("conflict", invitationMessages.accountHasPassword);
      // Its password is the account's to set once signed in with its code, not the invitation's.
      if (account?.twoFactorEnabled) throw new AppError("conflict", invitationMessages.accountUsesTwoFactor);
      await requireRoom(organization, invitation.email);
      return signInAndAccept(invitation, signIn, { email: invitation.email, password: input.password, name: input.name, signInMethod: "invitation_password" });
    },

    /** The 6-digit code from the invitation email (/auth/code?type=invite): it signs the person in and accepts. */
    async acceptWithCode(input: AcceptWithCodeRequest, signIn: SignInInvitedPerson, request: AuditRequest): Promise<InvitationSignInResponse> {
      const open = (await repo.openInvitationsFor(input.email, deps.now())).filter(({ invitation }) => invitation.codeAttempts < INVITATION_CODE_ATTEMPTS);
      const match = open.find(({ invitation }) => isInvitationCode(deps.secret, invitation, input.code));
      if (!match) {
        // A failed acceptance in each inviting organization's log; a code for an address no one
        // invites is the caller's, sampled, in the platform log. Never the code typed.
        const failed = { method: "invitation_code", reason: "wrong code" };
        if (open.length === 0) {
          await deps.audit.recordAnonymousAttempt(
            request,
            "invitation.accepted",
            { type: "invitation", name: input.email.toLowerCase() },
            failed,
            input.email.toLowerCase(),
          );
          throw new AppError("bad_request", invitationMessages.wrongCode);
        }
        const actor = await deps.audit.actorFor({ email: input.email }, request);
        await db.transaction(async (tx) => {
          await repo.countCodeAttempt(
            open.map(({ invitation }) => invitation.id),
            tx,
          );
          for (const { invitation } of open) {
            await deps.audit.record(actor, "invitation.accepted", { type: "invitation", id: invitation.id, name: invitation.email }, failed, {
              tx,
              outcome: "failed",
              organizationId: invitation.organizationId,
            });
          }
        });
        throw new AppError("bad_request", invitationMessages.wrongCode);
      }
      requireMethod(match.organization, "email_password");
      await requireRoom(match.organization, match.invitation.email);
      return signInAndAccept(match.invitation, signIn, { email: match.invitation.email, name: input.name, signInMethod: "invitation_code" });
    },

    /** 'Resend' on the code page: a new link and code for each open invitation to the address; silent when there is none. */
    async resendCodes(email: string): Promise<void> {
      const now = deps.now();
      const deliveries = await db.transaction(async (tx) => {
        const open = await repo.openInvitationsFor(email, now, tx);
        return Promise.all(open.map(({ invitation, organization }) => send(tx, invitation, organization, now)));
      });
      for (const delivery of deliveries) await delivery.deliver();
    },

    /**
     * Accepts as the signed-in person (after Microsoft sign-in, or with an account that already
     * existed): the invitation of the token, or without one, the newest open invitation to their
     * address. A token also proves the address, which a Microsoft account may not have.
     */
    async acceptAsActor(actor: Actor, token: string | undefined): Promise<AcceptInvitationResponse> {
      const person = await repo.findUser(actor.userId);
      if (!person) throw new AppError("unauthenticated", "Please sign in again.");
      const acceptor = { userId: actor.userId, email: person.email, signInMethod: actor.signInMethod };
      if (token) {
        // Its states are judged with the row locked, and accepting twice (a page loaded again) is no error.
        const found = await repo.invitationByTokenHash(invitationTokenHash(token));
        if (!found) throw refusalFor("unknown");
        const accepted = await deps.memberships.acceptInvitation(found.invitation.id, acceptor);
        if (!person.emailVerified) await repo.markEmailVerified(person.id);
        return answerOf(accepted, person.id);
      }
      const [newest] = person.emailVerified ? await repo.openInvitationsFor(person.email, deps.now()) : [];
      if (!newest) throw new AppError("not_found", invitationMessages.noInvitation);
      return answerOf(await deps.memberships.acceptInvitation(newest.invitation.id, acceptor), person.id);
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
