import { z } from "zod";

/** Text a person types: trimmed, not blank, at most `maxChars`, refused in the words the form shows them. */
export function typedText(maxChars: number, messages: { blank: string; tooLong: string }) {
  return z.string({ error: messages.blank }).trim().min(1, { message: messages.blank }).max(maxChars, { message: messages.tooLong });
}

/** A whole number from `min` to `max`, refused in one sentence the form shows. */
export function wholeNumber(min: number, max: number, message: string) {
  return z.number({ error: message }).int({ message }).min(min, { message }).max(max, { message });
}

/** The query of a download route: `?format=` one of `formats`, refused in the words the page would show. */
export function exportFormatQuery<const Format extends string>(formats: readonly [Format, ...Format[]], message: string) {
  return z.object({ format: z.enum(formats, { message }) });
}
