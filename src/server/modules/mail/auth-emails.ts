import type { SiteConfig } from "../../../shared/site-config";
import type { MailMessage } from "../../adapters/mail/mailer";
import { escapeHtml } from "./html";

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

function layout(site: SiteConfig, heading: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en"><body style="margin:0;background:#f4f7f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#17242b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;border:1px solid #dde6e8">
<tr><td style="padding:28px 32px 0;font-size:18px;font-weight:700;color:#0f766e">${escapeHtml(site.productName)}</td></tr>
<tr><td style="padding:12px 32px 28px">
<h1 style="font-size:22px;margin:8px 0 12px">${escapeHtml(heading)}</h1>
${bodyHtml}
</td></tr></table>
<p style="max-width:520px;font-size:12px;color:#5b6b73;line-height:18px;margin:16px auto 0">
${escapeHtml(site.companyName)} · Questions? <a href="mailto:${escapeHtml(site.supportEmail)}" style="color:#0f766e">${escapeHtml(site.supportEmail)}</a>
</p></td></tr></table></body></html>`;
}

/** Every code email carries both the code and a link: email scanners may open links, codes still work. */
export function authCodeEmail(options: { purpose: AuthCodePurpose; code: string; link: string; expiresInMinutes: number; site: SiteConfig }): Content {
  const copy = copyByPurpose[options.purpose];
  const { code, link, site, expiresInMinutes } = options;
  const html = layout(
    site,
    copy.heading,
    `<p style="font-size:15px;line-height:22px;margin:0 0 20px">${escapeHtml(copy.intro)}</p>
<p style="font-size:13px;color:#5b6b73;margin:0 0 6px">Your 6-digit code</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:700;font-family:Menlo,Consolas,monospace;margin:0 0 24px">${escapeHtml(code)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(copy.action)}</a></p>
<p style="font-size:13px;line-height:20px;color:#5b6b73;margin:0">The code and the button work once and expire in ${expiresInMinutes} minutes. If the button says the link has expired, enter the code instead. If you didn't ask for this, you can ignore this email.</p>`,
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
    `The code and the link work once and expire in ${expiresInMinutes} minutes. If the link says it has expired, enter the code instead.`,
    "If you didn't ask for this, you can ignore this email.",
    "",
    `${site.companyName} · ${site.supportEmail}`,
  ].join("\n");
  return { subject: `${copy.subject} · ${site.productName}`, text, html };
}

/** Sent instead of a second account when someone signs up with an address that already has one. */
export function existingAccountEmail(options: { signInUrl: string; site: SiteConfig }): Content {
  const { signInUrl, site } = options;
  const intro = `Someone (hopefully you) tried to create a ${site.productName} account with this email address, which already has one.`;
  const advice = 'Sign in instead. If you forgot your password, choose "Forgot password" on the sign-in page.';
  return {
    subject: `You already have an account · ${site.productName}`,
    text: [intro, "", advice, "", `Sign in: ${signInUrl}`, "", "If this wasn't you, you can ignore this email."].join("\n"),
    html: layout(
      site,
      "You already have an account",
      `<p style="font-size:15px;line-height:22px">${escapeHtml(intro)}</p><p style="font-size:15px;line-height:22px">${escapeHtml(advice)}</p>
<p><a href="${escapeHtml(signInUrl)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">Sign in</a></p>`,
    ),
  };
}
