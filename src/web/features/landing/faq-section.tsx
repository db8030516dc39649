import { ChevronDown } from "lucide-react";
import { documentCredit, subscriptionPlans } from "../../../shared/plans";
import { LandingSection } from "./landing-section";

const { basic, pro } = subscriptionPlans;

const questions = [
  {
    question: "Which documents can I upload?",
    answer:
      "Payer contracts, network agreements, Medicare Advantage and Medicaid managed care contracts, fee schedules, and medical or reimbursement policies. PDF, Word (.docx and .doc) and scanned images (PNG, JPEG, WebP, TIFF) are supported, one file at a time.",
  },
  {
    question: "Can I upload documents that contain patient information?",
    answer:
      "No. Do not upload protected health information (PHI) or any patient data. The product is built for contracts and policies and does not redact documents automatically.",
  },
  {
    question: "How do I know an answer is right?",
    answer:
      "Each answer names the clause and page and quotes the contract word for word, and the quote is checked against that page before you see it. The AI can still make mistakes and its answers are not legal advice, so open the cited page before you act on it.",
  },
  {
    question: "How do plans and credits work?",
    answer: `Each document you process uses one credit. ${basic.name} includes ${basic.documentsPerPeriod} document a month and ${pro.name} includes ${pro.documentsPerPeriod}, both with unlimited chat. Need one more? A one-time credit is $${documentCredit.priceUsd} and works with any plan.`,
  },
];

export function FaqSection() {
  return (
    <LandingSection id="faq" eyebrow="FAQ" title="Frequently asked questions">
      <div className="mx-auto mt-12 max-w-3xl space-y-3">
        {questions.map(({ question, answer }) => (
          // Native disclosure: keyboard-operable with no script; the shared name keeps one open at a time.
          <details key={question} name="faq" className="group rounded-xl border bg-card open:border-primary/60 open:shadow-md">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 font-medium group-open:rounded-b-none hover:bg-accent/50 [&::-webkit-details-marker]:hidden">
              {question}
              <ChevronDown aria-hidden className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180 group-open:text-primary" />
            </summary>
            <p className="px-5 pb-5 text-muted-foreground">{answer}</p>
          </details>
        ))}
      </div>
    </LandingSection>
  );
}
