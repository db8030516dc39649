/** Per-request values set by middleware and read by routes. */
export interface AppBindings {
  Variables: {
    requestId: string;
    /** Set by requireSession. */
    userId: string;
  };
}
