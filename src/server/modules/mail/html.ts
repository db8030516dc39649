import type { SiteConfig } from "../../../shared/site-config";

const htmlEntities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => htmlEntities[character]!);
}

/** The frame every email shares: product name, heading, body, and the company and support line. */
export function emailLayout(site: SiteConfig, heading: string, bodyHtml: string): string {
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

/** A link styled as the email's main button. */
export function emailButton(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(label)}</a>`;
}
