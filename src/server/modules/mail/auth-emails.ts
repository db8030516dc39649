import type { SiteConfig } from "../../../shared/site-config";
import type { MailMessage } from "../../adapters/mail/mailer";
import { emailButton, emailLayout, escapeHtml } from "./html";

export type AuthCodePurpose = "sign-in" | "email-verification" | "forget-password" | "change-email";
type Content = Omit<MailMessage, "to">;

const copyByPurpose: Record<AuthCodePurpose, { subject: string; heading: string; intro: string; action: string }> = {
  "sign-in": {
    subject: "Your sign-in code",
    heading: "Sign in",
    intro: "Use this code or the button below to sign in.",
    action: "Sign in",
  },
  "email-verification": {
    subject: "Confirm your email address",
    heading: "Confirm your email",
    intro: "Welcome! Confirm this address to finish creating your account.",
    action: "Confirm email",
  },
  "forget-password": {
    subject: "Reset your password",
    heading: "Reset your password",
    intro: "We received a request to reset your password. Use this code or the button below to choose a new one.",
    action: "Reset password",
  },
  "change-email": {
    subject: "Confirm your new email address",
    heading: "Confirm your new email",
    intro: "Confirm this address to make it the email on your account.",
    action: "Confirm new email",
  },
};

interface CodeEmailCopy {
  subject: string;
  heading: string;
  intro: string;
  action: string;
  /** How long the code and the link last, and what to do when the link says it has expired. */
  validity: string;
}

/** Every code email carries both the code and a link: email scanners may open links, codes still work. */
function codeAndLinkEmail(copy: CodeEmailCopy, code: string, link: string, site: SiteConfig): Content {
  const html = emailLayout(
    site,
    copy.heading,
    `<p style="font-size:15px;line-height:22px;margin:0 0 20px">${escapeHtml(copy.intro)}</p>
<p style="font-size:13px;color:#5b6b73;margin:0 0 6px">Your 6-digit code</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:700;font-family:Menlo,Consolas,monospace;margin:0 0 24px">${escapeHtml(code)}</p>
<p style="margin:0 0 24px">${emailButton(link, copy.action)}</p>
<p style="font-size:13px;line-height:20px;color:#5b6b73;margin:0">${escapeHtml(copy.validity)} If you didn't ask for this, you can ignore this email.</p>`,
  );
  const text = [
    `${copy.heading} — ${site.productName}`,
    "",
    copy.intro,
    "",
    `Your 6-digit code: ${code}`,
    "",
    `${copy.action}: ${link}`,
    "",
    copy.validity,
    "If you didn't ask for this, you can ignore this email.",
    "",
    `${site.companyName} · ${site.supportEmail}`,
  ].join("\n");
  return { subject: `${copy.subject} · ${site.productName}`, text, html };
}

export function authCodeEmail(options: { purpose: AuthCodePurpose; code: string; link: string; expiresInMinutes: number; site: SiteConfig }): Content {
  const validity = `The code and the link work once and expire in ${options.expiresInMinutes} minutes. If the link says it has expired, enter the code instead.`;
  return codeAndLinkEmail({ ...copyByPurpose[options.purpose], validity }, options.code, options.link, options.site);
}

/**
 * An invitation to join an organization: its link opens the invitation page, and its code works
 * on the code page (type invite) for the same address.
 */
export function invitationEmail(options: {
  organizationName: string;
  inviterName: string | null;
  roleLabel: string;
  code: string;
  link: string;
  codePageUrl: string;
  expiresInDays: number;
  site: SiteConfig;
}): Content {
  const { organizationName, inviterName, roleLabel, site } = options;
  const inviter = inviterName ? `${inviterName} invited you` : "You are invited";
  return codeAndLinkEmail(
    {
      subject: `You're invited to join ${organizationName}`,
      heading: `Join ${organizationName}`,
      intro: `${inviter} to join ${organizationName} on ${site.productName} as ${roleLabel === "Admin" ? "an" : "a"} ${roleLabel}. Accept with the button below, or enter the code at ${options.codePageUrl}.`,
      action: "Accept invitation",
      validity: `The invitation expires in ${options.expiresInDays} days. If the button says the link is invalid, enter the code instead.`,
    },
    options.code,
    options.link,
    site,
  );
}

/** Sent instead of a second account when someone signs up with an address that already has one. */
export function existingAccountEmail(options: { signInUrl: string; site: SiteConfig }): Content {
  const { signInUrl, site } = options;
  const intro = `Someone (hopefully you) tried to create a ${site.productName} account with this email address, which already has one.`;
  const advice = 'Sign in instead. If you forgot your password, choose "Forgot password" on the sign-in page.';
  return {
    subject: `You already have an account · ${site.productName}`,
    text: [intro, "", advice, "", `Sign in: ${signInUrl}`, "", "If this wasn't you, you can ignore this email."].join("\n"),
    html: emailLayout(
      site,
      "You already have an account",
      `<p style="font-size:15px;line-height:22px">${escapeHtml(intro)}</p><p style="font-size:15px;line-height:22px">${escapeHtml(advice)}</p>
<p>${emailButton(signInUrl, "Sign in")}</p>`,
    ),
  };
}

/**
 * Sent to an address in use instead of an email change's code: the person asking is answered as if
 * the address were free (anything else would tell them who has an account), and this address's
 * owner learns someone tried.
 */
export function emailChangeToAddressInUseEmail(options: { requestedBy: string; site: SiteConfig }): Content {
  const { requestedBy, site } = options;
  const intro = `Someone signed in to the ${site.productName} account ${requestedBy} asked to change its email to this address, which already belongs to your account.`;
  const advice =
    "Nothing changed and your account is not affected. If you know who asked, tell them to use another address; otherwise you can ignore this email.";
  return {
    subject: `Someone tried to use your email address · ${site.productName}`,
    text: [intro, "", advice, "", `${site.companyName} · ${site.supportEmail}`].join("\n"),
    html: emailLayout(
      site,
      "Someone tried to use your email address",
      `<p style="font-size:15px;line-height:22px">${escapeHtml(intro)}</p><p style="font-size:15px;line-height:22px">${escapeHtml(advice)}</p>`,
    ),
  };
}

/**
 * One of an email change's two confirmations (spec section 4): the old address is asked whether
 * the account may move, the new one whether it is the person's. The change waits for both.
 */
export function emailChangeEmail(options: {
  side: "old" | "new";
  oldEmail: string;
  newEmail: string;
  code: string;
  link: string;
  expiresInMinutes: number;
  site: SiteConfig;
}): Content {
  const { side, oldEmail, newEmail, site } = options;
  const intro =
    side === "old"
      ? `Someone (hopefully you) asked to change the email of your ${site.productName} account from ${oldEmail} to ${newEmail}. Confirm it here; the change takes effect once the new address is confirmed too.`
      : `Confirm this address to make it the email of the ${site.productName} account now using ${oldEmail}. The change takes effect once the old address is confirmed too.`;
  return codeAndLinkEmail(
    {
      subject: side === "old" ? "Confirm your email change" : "Confirm your new email address",
      heading: side === "old" ? "Confirm your email change" : "Confirm your new email",
      intro,
      action: "Confirm email change",
      validity: `The code and the link expire in ${options.expiresInMinutes} minutes. If the link says it has expired, enter the code instead. If you did not ask for this, do not confirm, and change your password.`,
    },
    options.code,
    options.link,
    site,
  );
}
