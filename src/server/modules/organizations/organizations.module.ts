import type { Logger } from "pino";
import type { SiteConfig } from "../../../shared/site-config";
import type { Mailer } from "../../adapters/mail/mailer";
import type { Database } from "../../db/client";
import type { DomainEvents } from "../events/domain-events";
import { createInvitationsService } from "./invitations.service";
import { createMembershipsService, type OrganizationsConfig } from "./memberships.service";
import { createOrganizationPlans } from "./organization-plans";
import { createOrganizationAdminService } from "./organizations.service";

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
  now?: () => Date;
}

/** Organizations, memberships, invitations and organization plans (ADR 016). */
export function createOrganizationsModule(deps: OrganizationsModuleDeps) {
  const now = deps.now ?? (() => new Date());
  const memberships = createMembershipsService({ db: deps.db, config: deps.config, now });
  const plans = createOrganizationPlans({ db: deps.db, defaultMonthlyCredits: deps.config.monthlyCredits, now });
  const invitations = createInvitationsService({ ...deps, memberships, now });
  const administration = createOrganizationAdminService({
    db: deps.db,
    config: deps.config,
    memberships,
    invitations,
    plans,
    domainEvents: deps.domainEvents,
    now,
  });
  return { memberships, plans, invitations, administration };
}

export type OrganizationsModule = ReturnType<typeof createOrganizationsModule>;
