import type { ClipboardEvent, ComponentProps } from "react";
import { Input } from "../../components/ui/input";
import { cn } from "../../lib/utils";

export const CODE_LENGTH = 6;

/** Digits only, at most six. */
export function normalizeCode(text: string): string {
  return text.replace(/\D/g, "").slice(0, CODE_LENGTH);
}

/**
 * The code inside pasted text: "123 456", "123-456" or "Your 6-digit code: 123456" all give
 * 123456 (a standalone group of six is preferred over stray digits around it).
 */
export function codeFromText(text: string): string {
  const grouped = text.match(/(?<!\d)\d{3}[\s-]?\d{3}(?!\d)/);
  return grouped ? normalizeCode(grouped[0]) : normalizeCode(text);
}

export const isCompleteCode = (code: string) => /^\d{6}$/.test(code);

interface CodeInputProps extends Omit<ComponentProps<"input">, "value" | "onChange" | "type"> {
  value: string;
  onValueChange: (code: string) => void;
  /** Called once the sixth digit arrives by typing or pasting. */
  onComplete?: (code: string) => void;
}

/** One field for the 6-digit code from an email: numeric keypad, one-time-code autofill. */
export function CodeInput({ value, onValueChange, onComplete, className, onPaste, ...props }: CodeInputProps) {
  const update = (next: string) => {
    if (next === value) return;
    onValueChange(next);
    if (isCompleteCode(next)) onComplete?.(next);
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    onPaste?.(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    const pasted = event.clipboardData.getData("text");
    const input = event.currentTarget;
    const start = input.selectionStart ?? value.length;
    const end = input.selectionEnd ?? value.length;
    const pastedCode = codeFromText(pasted);
    update(isCompleteCode(pastedCode) ? pastedCode : normalizeCode(value.slice(0, start) + pasted + value.slice(end)));
  };

  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      spellCheck={false}
      placeholder="123456"
      className={cn("h-12 text-center font-mono text-2xl tracking-[0.5em] placeholder:tracking-[0.5em] md:text-2xl", className)}
      value={value}
      onChange={(event) => update(normalizeCode(event.target.value))}
      onPaste={handlePaste}
      {...props}
    />
  );
}
