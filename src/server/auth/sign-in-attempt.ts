import { AsyncLocalStorage } from "node:async_hooks";

/** Who a Google or Microsoft sign-in turned out to be for, when our policy refused it: its failure, answered as a redirect, names them. */
interface SignInAttempt {
  email?: string;
  userId?: string;
  /** The organization whose sign-in methods refused it. */
  organizationId?: string;
}

const attempts = new AsyncLocalStorage<SignInAttempt>();

/** Runs one auth request with room for the policy to note whom it refused (app.ts wraps Better Auth's handler). */
export function withSignInAttempt<T>(work: () => Promise<T>): Promise<T> {
  return attempts.run({}, work);
}

/** Called by the sign-in policy as it refuses. */
export function noteRefusedSignIn(who: SignInAttempt): void {
  Object.assign(attempts.getStore() ?? {}, who);
}

/** What the policy noted in this request, read by the sign-in audit when the callback failed. */
export function refusedSignIn(): SignInAttempt {
  return attempts.getStore() ?? {};
}
