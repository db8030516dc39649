import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { Toaster } from "sonner";
import { describe, expect, it, vi } from "vitest";
import { CodeEntry } from "./code-entry";
import { CodeInput, codeFromText } from "./code-input";

function Harness({ onComplete }: { onComplete: (code: string) => void }) {
  const [code, setCode] = useState("");
  return (
    <>
      <label htmlFor="code">6-digit code</label>
      <CodeInput id="code" value={code} onValueChange={setCode} onComplete={onComplete} />
    </>
  );
}

function renderInput() {
  const onComplete = vi.fn();
  render(<Harness onComplete={onComplete} />);
  return { onComplete, input: screen.getByLabelText("6-digit code") };
}

describe("CodeInput", () => {
  it("asks for the numeric keypad and one-time-code autofill, under its label", () => {
    const { input } = renderInput();
    expect(input).toHaveAttribute("inputmode", "numeric");
    expect(input).toHaveAttribute("autocomplete", "one-time-code");
  });

  it("strips everything but digits and stops at six", async () => {
    const { input, onComplete } = renderInput();
    await userEvent.type(input, "1a2-3 4x5678");
    expect(input).toHaveValue("123456");
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it.each([["123 456"], ["Code: 123456"], ["Your 6-digit code: 123456"], ["123-456"]])("a paste of %j gives 123456 and submits", async (text) => {
    const { input, onComplete } = renderInput();
    await userEvent.click(input);
    await userEvent.paste(text);
    expect(input).toHaveValue("123456");
    expect(onComplete).toHaveBeenCalledWith("123456");
  });

  it("submits on the sixth digit, not before", async () => {
    const { input, onComplete } = renderInput();
    await userEvent.type(input, "12345");
    expect(input).toHaveValue("12345");
    expect(onComplete).not.toHaveBeenCalled();
    await userEvent.type(input, "6");
    expect(onComplete).toHaveBeenCalledWith("123456");
  });

  it("finds the code in text around it", () => {
    expect(codeFromText("Your 6-digit code: 987 654.")).toBe("987654");
    expect(codeFromText("12")).toBe("12");
  });
});

describe("CodeEntry", () => {
  it("verifies as soon as the sixth digit is typed", async () => {
    const onVerify = vi.fn(async () => {});
    render(<CodeEntry onVerify={onVerify} />);
    await userEvent.type(screen.getByLabelText("6-digit code"), "654321");
    expect(onVerify).toHaveBeenCalledWith("654321");
  });

  it("refuses a short code with the 'Invalid code' toast, and never calls the server", async () => {
    const onVerify = vi.fn(async () => {});
    render(
      <>
        <CodeEntry onVerify={onVerify} />
        <Toaster />
      </>,
    );
    await userEvent.type(screen.getByLabelText("6-digit code"), "123{Enter}");
    expect(await screen.findByText("Invalid code")).toBeInTheDocument();
    expect(screen.getAllByText("Please enter the 6-digit code from your email.").length).toBeGreaterThan(0);
    expect(onVerify).not.toHaveBeenCalled();
  });

  it("disables submit while the code is empty, and shows the spam and scanner hint", () => {
    render(<CodeEntry onVerify={async () => {}} onResend={async () => {}} />);
    expect(screen.getByRole("button", { name: "Verify" })).toBeDisabled();
    expect(screen.getByText(/spam/)).toHaveTextContent(/scanner may have opened it first; the 6-digit code still works/);
    expect(screen.getByRole("button", { name: "Send a new code" })).toBeEnabled();
  });

  it("shows the server's refusal as 'Verification failed' and clears the field for another try", async () => {
    const { ApiError } = await import("../../lib/api-client");
    render(
      <>
        <CodeEntry onVerify={() => Promise.reject(new ApiError("Invalid OTP", "bad_request", "INVALID_OTP"))} />
        <Toaster />
      </>,
    );
    const input = screen.getByLabelText("6-digit code");
    await userEvent.type(input, "111111");
    expect(await screen.findByText("Verification failed")).toBeInTheDocument();
    expect(input).toHaveValue("");
  });
});
