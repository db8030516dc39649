import type { Actor } from "../../core/access/actor";

/** Per-request values set by middleware and read by routes. */
export interface AppBindings {
  Variables: {
    requestId: string;
    /** Set by identifyActor on /api routes outside /api/auth; null when signed out. */
    actor: Actor | null;
  };
}

/** Routes behind requireActor or requirePermission: someone is signed in. */
export interface SignedInBindings {
  Variables: { actor: Actor };
}
