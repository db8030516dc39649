import { Ban, Flag, Lock, ShieldCheck, UserRound, Users } from "lucide-react";
import { LandingSection } from "./landing-section";

const commitments = [
  {
    Icon: Lock,
    title: "Encrypted in transit and at rest",
    text: "Documents, extracted text and chats are encrypted on the way to us and in storage.",
  },
  {
    Icon: ShieldCheck,
    title: "Fine-grained authorization",
    text: "Every document and chat is scoped to its owner and organization, with admin and user roles.",
  },
  {
    Icon: Ban,
    title: "Never used for model training",
    text: "Your contracts and questions are not used to train AI models, and we do not sell personal data.",
  },
  {
    Icon: UserRound,
    title: "No PHI, please",
    text: "Upload contracts and policies only, never patient information. There is no automatic redaction.",
  },
  {
    Icon: Users,
    title: "Collaboration is not available yet",
    text: "Documents and chats stay private to the person who uploaded them. Shared workspaces are not currently available.",
  },
  {
    Icon: Flag,
    title: "Processed in the United States",
    text: "Your data is stored and processed in the US, and you can delete it at any time.",
  },
];

export function SecuritySection() {
  return (
    <LandingSection
      id="security"
      eyebrow="Security"
      title="Security and privacy, stated plainly"
      lead="Payer contracts are confidential business documents. Here is exactly how we treat them, including what we don't do yet."
      className="bg-muted/40"
    >
      <ul className="mt-14 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
        {commitments.map(({ Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <Icon aria-hidden className="mt-0.5 size-6 shrink-0 text-primary" />
            <div>
              <h3 className="font-semibold">{title}</h3>
              <p className="mt-1 text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
