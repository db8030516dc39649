import type { Logger } from "pino";
import type { SiteConfig } from "../../../shared/site-config";
import type { Mailer } from "../../adapters/mail/mailer";
import type { Database } from "../../db/client";
import type { DomainEvents } from "../events/domain-events";
import type { AuditService } from "../audit/audit.service";
import type { AdminActions } from "../admin/admin-actions";
import { createInvitationsService } from "./invitations.service";
import { createMembershipsService, type OrganizationsConfig } from "./memberships.service";
import { createOrganizationPlans } from "./organization-plans";
import { createOrganizationAdminService } from "./organizations.service";
import { createPlatformSettingsRepo } from "./platform-settings.repo";

export interface OrganizationsModuleDeps {
  db: Database;
  config: OrganizationsConfig;
  mailer: Mailer;
  site: SiteConfig;
  publicUrl: string;
  /** The auth secret: invitation codes are kept as HMACs under it. */
  secret: string;
  logger: Logger;
  domainEvents: DomainEvents;
  audit: AuditService;
  adminActions: AdminActions;
  now?: () => Date;
}

/** Organizations, memberships, invitations and organization plans (ADR 016). */
export function createOrganizationsModule(deps: OrganizationsModuleDeps) {
  const now = deps.now ?? (() => new Date());
  const settings = createPlatformSettingsRepo(deps.db, { trialDays: deps.config.trialDays, monthlyCredits: deps.config.monthlyCredits });
  const memberships = createMembershipsService({ db: deps.db, config: deps.config, settings, now, audit: deps.audit });
  const plans = createOrganizationPlans({ db: deps.db, settings, now });
  const invitations = createInvitationsService({ ...deps, memberships, now });
  const administration = createOrganizationAdminService({
    db: deps.db,
    config: deps.config,
    memberships,
    invitations,
    plans,
    settings,
    domainEvents: deps.domainEvents,
    now,
    audit: deps.audit,
    adminActions: deps.adminActions,
  });
  return { memberships, plans, invitations, administration, settings };
}

export type OrganizationsModule = ReturnType<typeof createOrganizationsModule>;
