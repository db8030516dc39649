/** Why a call to a model service failed, in words for the user and without secrets: "The language model took too long to answer." */
export function describeServiceFailure(service: string, error: unknown, timedOut: boolean): string {
  if (timedOut) return `The ${service} took too long to answer.`;
  const status = (error as { statusCode?: number } | undefined)?.statusCode;
  if (status) return `The ${service} answered with an error (HTTP ${status}).`;
  return `The ${service} could not be reached.`;
}
