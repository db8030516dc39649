import { can, type AccessResource, type AccessSubject, type Permission } from "../../shared/access";
import { liveEventPermissions, type AddressedEvent, type EventAddress } from "../../shared/events";

/** What an address names, as the permission table checks it: a user's things, an organization's, or everything. */
export function resourceOf(address: EventAddress): AccessResource {
  // A person's things are in their organization too: a grant reaching the organization reaches them (an admin's documents.read).
  if (address.to === "user") return { userId: address.userId, organizationId: address.organizationId ?? null };
  if (address.to === "organization") return { organizationId: address.organizationId };
  // Nobody owns the platform's own things: only a grant of platform reach covers them.
  return {};
}

/** Whether `permission` reaches what `address` names, for `subject`. */
export function canReachAddress(subject: AccessSubject, permission: Permission, address: EventAddress): boolean {
  return can(subject, permission, resourceOf(address));
}

/**
 * Whether a live event may go to `subject`'s stream: the event type's permission must reach its
 * address, so widening a grant in the table widens what the stream delivers with it (ADR 014).
 */
export function canReceiveEvent(subject: AccessSubject, { address, event }: AddressedEvent): boolean {
  return canReachAddress(subject, liveEventPermissions[event.type], address);
}
