import { Hono } from "hono";
import {
  changeMemberRoleRequestSchema,
  createInvitationRequestSchema,
  updateAuthenticationRequestSchema,
  updateOrganizationPlanRequestSchema,
  updateOrganizationRequestSchema,
  verifiedDomainRequestSchema,
} from "../../../shared/contracts/organizations";
import { organizationMessages } from "../../../shared/organizations";
import type { Container } from "../../container";
import type { AppBindings } from "../../http/bindings";
import { requirePermission } from "../../http/guards";
import { jsonBody, pathId } from "../../http/request-input";

const organizationId = (raw: string) => pathId(raw, organizationMessages.organizationNotFound);
const membershipId = (raw: string) => pathId(raw, organizationMessages.memberNotFound);
const invitationId = (raw: string) => pathId(raw, organizationMessages.invitationNotFound);

/**
 * /api/organizations/:organizationId — the organization admin page. The guard admits org admins
 * and the platform owner; the service then finds only an organization within the actor's reach.
 */
export function organizationsRoutes(container: Pick<Container, "organizations">) {
  const { administration } = container.organizations;
  return new Hono<AppBindings>()
    .use(requirePermission("organization.manage"))
    .get("/:organizationId", async (c) => c.json({ organization: await administration.get(c.var.actor, organizationId(c.req.param("organizationId"))) }))
    .patch("/:organizationId", async (c) => {
      const settings = await jsonBody(c.req, updateOrganizationRequestSchema);
      return c.json({ organization: await administration.updateSettings(c.var.actor, organizationId(c.req.param("organizationId")), settings) });
    })
    .patch("/:organizationId/authentication", async (c) => {
      const settings = await jsonBody(c.req, updateAuthenticationRequestSchema);
      return c.json({ organization: await administration.updateAuthentication(c.var.actor, organizationId(c.req.param("organizationId")), settings) });
    })
    .get("/:organizationId/members", async (c) =>
      c.json({ members: await administration.listMembers(c.var.actor, organizationId(c.req.param("organizationId"))) }),
    )
    .patch("/:organizationId/members/:membershipId", async (c) => {
      const { role } = await jsonBody(c.req, changeMemberRoleRequestSchema);
      const member = await administration.changeRole(
        c.var.actor,
        organizationId(c.req.param("organizationId")),
        membershipId(c.req.param("membershipId")),
        role,
      );
      return c.json({ member });
    })
    .delete("/:organizationId/members/:membershipId", async (c) => {
      await administration.removeMember(c.var.actor, organizationId(c.req.param("organizationId")), membershipId(c.req.param("membershipId")));
      return c.body(null, 204);
    })
    .get("/:organizationId/invitations", async (c) =>
      c.json({ invitations: await administration.listInvitations(c.var.actor, organizationId(c.req.param("organizationId"))) }),
    )
    .post("/:organizationId/invitations", async (c) => {
      const request = await jsonBody(c.req, createInvitationRequestSchema);
      return c.json({ invitation: await administration.invite(c.var.actor, organizationId(c.req.param("organizationId")), request) }, 201);
    })
    .post("/:organizationId/invitations/:invitationId/resend", async (c) => {
      const invitation = await administration.resendInvitation(
        c.var.actor,
        organizationId(c.req.param("organizationId")),
        invitationId(c.req.param("invitationId")),
      );
      return c.json({ invitation });
    })
    .delete("/:organizationId/invitations/:invitationId", async (c) => {
      await administration.cancelInvitation(c.var.actor, organizationId(c.req.param("organizationId")), invitationId(c.req.param("invitationId")));
      return c.body(null, 204);
    });
}

/** /api/platform/organizations/:organizationId — the platform owner's plan and domain settings, each recorded as an admin action. */
export function platformOrganizationsRoutes(container: Pick<Container, "organizations">) {
  const { administration } = container.organizations;
  return new Hono<AppBindings>()
    .use(requirePermission("platform.administer"))
    .patch("/:organizationId/plan", async (c) => {
      const plan = await jsonBody(c.req, updateOrganizationPlanRequestSchema);
      const organization = await administration.updatePlan(c.var.actor, organizationId(c.req.param("organizationId")), plan);
      return c.json({ organization });
    })
    .post("/:organizationId/domains", async (c) => {
      const { domain } = await jsonBody(c.req, verifiedDomainRequestSchema);
      const organization = await administration.verifyDomain(c.var.actor, organizationId(c.req.param("organizationId")), domain);
      return c.json({ organization });
    })
    .delete("/:organizationId/domains/:domain", async (c) => {
      const domain = c.req.param("domain").toLowerCase();
      const organization = await administration.removeDomain(c.var.actor, organizationId(c.req.param("organizationId")), domain);
      return c.json({ organization });
    });
}
