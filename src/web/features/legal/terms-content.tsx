import type { ReactNode } from "react";
import type { LegalDocument } from "./legal-document";
import { paths } from "../../../shared/paths";

function mailto(address: string): ReactNode {
  return <a href={`mailto:${address}`}>{address}</a>;
}

export const termsOfService: LegalDocument = {
  title: "Terms of Service",
  description:
    "The terms that govern your use of our payer contract and policy analysis service, including subscriptions, acceptable use and the limits of AI-generated answers.",
  dateLabel: "Effective: August 15, 2025",
  sections: [
    {
      id: "acceptance",
      title: "1. Acceptance of these terms",
      content: (site) => (
        <>
          <p>
            These Terms of Service ("Terms") are an agreement between you and {site.companyName} ("we", "us" or "our") and govern your use of {site.productName}
            , including our website at <a href={site.publicUrl}>{site.publicUrl}</a>, the web application and related services (together, the "Service").
          </p>
          <p>
            By creating an account, accepting an invitation, purchasing a plan or otherwise using the Service, you agree to these Terms and confirm that you
            have read our <a href={paths.privacy}>Privacy Policy</a>, which explains how we handle information. If you do not agree, do not use the Service.
          </p>
          <p>
            If you use the Service on behalf of a practice, company or other organization, "you" includes that organization, and you confirm that you are
            authorized to accept these Terms on its behalf. If your organization has signed a separate written agreement with us covering the Service, that
            agreement controls where it conflicts with these Terms.
          </p>
        </>
      ),
    },
    {
      id: "eligibility",
      title: "2. Who may use the Service",
      content: () => (
        <>
          <p>The Service is a professional tool. You may use it only if:</p>
          <ul>
            <li>you are at least 13 years old;</li>
            <li>
              you use it for professional or business purposes, such as managing a healthcare practice, supporting a healthcare business as an employee or
              contractor, or reviewing payer and reimbursement documents for work;
            </li>
            <li>you are located in the United States and use the Service from within the United States;</li>
            <li>
              if you accept these Terms for an organization, you are old enough to form a binding contract and have authority to bind that organization; and
            </li>
            <li>you have not previously been suspended or removed from the Service for breaching these Terms.</li>
          </ul>
          <p>The Service is not intended for personal, household or consumer use, or for use outside the United States.</p>
        </>
      ),
    },
    {
      id: "the-service",
      title: "3. The Service",
      content: (site) => (
        <>
          <p>
            {site.productName} lets you upload payer contracts, network agreements, Medicare and Medicaid government contracts, medical policies, reimbursement
            documents and similar business documents. The Service recognizes their text (OCR), structures them by page, heading and clause, indexes them, and
            lets you ask questions in plain English about a processed document. Answers include citations to the clause and page they rely on.
          </p>
          <p>
            The Service is designed for individual use within an organization. Document sharing and collaboration between users are not currently available. We
            may offer some features at no charge; free features may be changed or withdrawn at any time.
          </p>
          <p>
            We continually improve the Service and may add, change or remove features. If we remove a feature that is a material part of a paid plan you are
            subscribed to, we will give you reasonable notice, and you may cancel as described in section 9.
          </p>
        </>
      ),
    },
    {
      id: "accounts",
      title: "4. Accounts, organizations and roles",
      content: (site) => (
        <>
          <p>
            <strong>Your account.</strong> You can sign in with an email address and password, with a one-time code or sign-in link sent by email, with Google,
            or with a Microsoft work account (Azure AD), depending on what your organization allows. Give us accurate information and keep it up to date. You
            are responsible for keeping your sign-in details confidential and for all activity under your account. Do not share your account with anyone; each
            person needs their own. Tell us promptly at {mailto(site.supportEmail)} if you suspect unauthorized use of your account.
          </p>
          <p>
            <strong>Organizations.</strong> Users belong to an organization. An organization has administrators (the org_admin role) and members (the org_user
            role). Administrators can invite people, change their roles, remove them, and choose which sign-in methods members may use. If you are an
            administrator, you are responsible for who you invite and for removing people who should no longer have access. Invitations expire after a limited
            time.
          </p>
          <p>
            <strong>Organization control.</strong> If you joined through an organization, that organization may manage your membership, and removing you from
            the organization may end your access to the Service through it. Our own authorized personnel (the platform_admin role) may access accounts to
            operate, support and secure the Service, as described in the Privacy Policy.
          </p>
        </>
      ),
    },
    {
      id: "no-phi",
      title: "5. No protected health information",
      content: (site) => (
        <>
          <p>
            <strong>You must not upload, type or otherwise submit protected health information (PHI) or any other patient data to the Service.</strong> This
            includes any individually identifiable health information as defined by the Health Insurance Portability and Accountability Act (HIPAA), such as
            patient names, dates of birth, addresses, member, subscriber or claim numbers, medical record numbers, diagnoses, procedures or treatment details,
            and claim files, explanations of benefits or remittance advice that identify patients. It also includes Social Security numbers and other sensitive
            personal information about individuals.
          </p>
          <p>
            <strong>There is no automatic redaction.</strong> The Service does not detect, filter or redact PHI or other personal information. You are solely
            responsible for reviewing documents and removing such information before uploading them, and for making sure your questions do not contain it.
          </p>
          <p>
            The Service is not designed to store or process PHI, and {site.companyName} does not act as your business associate under HIPAA. Nothing in these
            Terms is a business associate agreement. If PHI is submitted in breach of this section, you must delete it promptly, and we may delete it, suspend
            the affected account, or both. You are responsible for any consequences of submitting PHI, including any obligations you have to patients, payers or
            regulators.
          </p>
        </>
      ),
    },
    {
      id: "your-content",
      title: "6. Your content",
      content: () => (
        <>
          <p>
            "Your Content" means the documents you upload, the text and data derived from them (such as OCR text, chunks and embeddings), the questions you ask
            and the answers generated for you.
          </p>
          <p>
            <strong>You own your content.</strong> As between you and us, you keep all rights in Your Content. You give us a limited, non-exclusive licence to
            host, copy, process, transmit and display Your Content only as needed to provide, secure and support the Service for you, including by sending it to
            the subprocessors listed in the Privacy Policy. This licence ends when Your Content is deleted.
          </p>
          <p>
            <strong>No model training.</strong> We do not use Your Content to train artificial intelligence or machine learning models, and we do not allow our
            AI and OCR providers to use it to train theirs. We do not sell Your Content.
          </p>
          <p>
            <strong>Your permission to upload.</strong> You confirm that you have all rights and permissions needed to upload Your Content and to let us process
            it as described in these Terms. Payer contracts often contain confidentiality clauses; you are responsible for making sure that using a service
            provider like us to review them is allowed under those clauses and under any other obligations you have.
          </p>
          <p>
            <strong>Managing your content.</strong> You can rename and delete documents and chats at any time. Deleting a document also deletes the data derived
            from it. See section 11 for how long content is kept and why deletion is final.
          </p>
        </>
      ),
    },
    {
      id: "ai-output",
      title: "7. AI output is informational, not advice",
      content: (site) => (
        <>
          <p>
            The Service uses artificial intelligence to read documents and to answer questions about them.{" "}
            <strong>
              AI output is provided for general information only. It is not legal, medical, billing, coding, financial or other professional advice, and it can
              be wrong.
            </strong>
          </p>
          <ul>
            <li>
              Answers may be incomplete, out of date, or inaccurate. They may misread a clause, miss a relevant provision, misinterpret a table, or state
              something with more confidence than the document supports.
            </li>
            <li>OCR can misread scanned or low-quality pages, which can affect both the extracted text and the answers based on it.</li>
            <li>
              Citations point you to where an answer came from, but a citation does not guarantee that the answer is correct. Always check important answers
              against the cited clause and page of the original document.
            </li>
            <li>
              The Service does not know about amendments, side letters, payer manuals, fee schedules, laws or regulations that you have not uploaded, and does
              not know the facts of your particular situation.
            </li>
          </ul>
          <p>
            You are responsible for how you use AI output. Do not use it as the sole basis for decisions about contracts, negotiations, claims, appeals, billing
            or coding, and never use it for clinical or patient-care decisions. Consult a qualified attorney, billing or coding professional, or other adviser
            where appropriate. Using the Service does not create an attorney-client or any other professional relationship between you and {site.companyName}.
          </p>
          <p>
            Statements on our website about time savings, fewer denials or audit readiness describe typical benefits we aim to deliver; they are not promises of
            any particular result for your practice.
          </p>
        </>
      ),
    },
    {
      id: "acceptable-use",
      title: "8. Acceptable use",
      content: () => (
        <>
          <p>You agree not to, and not to help or allow anyone else to:</p>
          <ul>
            <li>upload protected health information or patient data, as described in section 5;</li>
            <li>upload content you have no right to share, or content that infringes anyone's intellectual property, confidentiality or privacy rights;</li>
            <li>upload malware, or content designed to manipulate or attack the Service or its AI models;</li>
            <li>use the Service for anything unlawful, fraudulent or harmful, or to violate anyone's rights;</li>
            <li>
              access or try to access accounts, documents or data that are not yours, or get around roles, authorization rules, usage limits or billing
              controls;
            </li>
            <li>probe, scan or test the vulnerability of the Service, or breach its security or authentication measures, unless we have agreed in writing;</li>
            <li>interfere with or overload the Service, or use bots, scrapers or other automated means to access it other than through features we provide;</li>
            <li>
              copy, modify, reverse engineer, decompile or create derivative works of the Service, except to the extent the law expressly permits despite this
              restriction;
            </li>
            <li>resell, sublicense, rent or provide the Service to third parties, or use it to build a competing product;</li>
            <li>share your account or sign-in details, or create accounts by automated means or under false pretences;</li>
            <li>use the Service from outside the United States or for consumer or household purposes.</li>
          </ul>
          <p>
            We may investigate suspected violations and take appropriate action, including removing content and suspending or terminating accounts, as described
            in section 15.
          </p>
        </>
      ),
    },
    {
      id: "subscriptions-billing",
      title: "9. Plans, subscriptions and billing",
      content: (site) => (
        <>
          <p>
            <strong>Plans.</strong> Processing documents requires an active subscription or available document credits. Our current plans are:
          </p>
          <ul>
            <li>
              <strong>Basic</strong>: $40 per month, including 1 document per month, unlimited chat and clause-level citations;
            </li>
            <li>
              <strong>Pro</strong>: $60 per month, including 5 documents per month, unlimited chat and priority processing;
            </li>
            <li>
              <strong>One-time document credit</strong>: $12, adding 1 document credit, usable with any plan.
            </li>
          </ul>
          <p>
            A document counts toward your allowance when it is processed. "Unlimited chat" means no fixed cap on questions about your processed documents,
            subject to fair use and the acceptable use rules in section 8. Prices are in US dollars and do not include applicable taxes, which you are
            responsible for paying.
          </p>
          <p>
            <strong>Automatic renewal.</strong> Subscriptions renew automatically at the end of each billing period, monthly or annually depending on the
            billing period you chose, until you cancel. By subscribing, you authorize us, through our card payment provider, to charge your payment method at
            the start of each billing period for the then-current price of your plan, plus applicable taxes, until you cancel.
          </p>
          <p>
            <strong>Cancelling.</strong> You can cancel at any time through the billing portal in the application or by emailing {mailto(site.supportEmail)}.
            Cancellation stops future renewals and takes effect at the end of the current billing period; you keep access to your plan until then. Cancelling a
            subscription does not delete your content or close your account.
          </p>
          <p>
            <strong>Upgrades and changes.</strong> You can change plans through the billing portal. How a change is charged (for example, whether it applies
            immediately or at the next renewal) is shown before you confirm it.
          </p>
          <p>
            <strong>Payments.</strong> Payments are processed by our card payment provider. We do not receive or store your full card number. If a payment
            fails, we may retry the charge, and we may suspend document processing until payment is made.
          </p>
          <p>
            <strong>Price changes.</strong> We may change our prices. We will give you notice before a price change applies to your subscription, and the new
            price will take effect at your next renewal after the notice. If you do not agree, you may cancel before then.
          </p>
          <p>
            <strong>Credits.</strong> Document credits have no cash value and cannot be transferred, exchanged or redeemed for money.
          </p>
        </>
      ),
    },
    {
      id: "refunds",
      title: "10. No refunds",
      content: (site) => (
        <>
          <p>
            <strong>All fees are non-refundable.</strong> We do not provide refunds or credits for partial billing periods, unused document allowances, unused
            document credits, plan downgrades, or periods in which you did not use the Service, including after cancellation or termination of your account,
            except where these Terms say otherwise or the law requires a refund.
          </p>
          <p>
            If you think you were charged in error, contact us promptly at {mailto(site.supportEmail)} and we will look into it. Correcting a billing error is
            not a refund under this section.
          </p>
        </>
      ),
    },
    {
      id: "data-retention",
      title: "11. Data retention, deletion and no backups",
      content: (site) => (
        <>
          <p>
            Documents, OCR text, chunks, embeddings and chat history are kept until you delete them or your account is closed. Deleting a document also deletes
            its derived data; deleting a chat deletes its messages.
          </p>
          <p>
            <strong>We do not keep backups.</strong> Deletion is permanent. Content you delete, and all content in an account that is closed or terminated,
            cannot be recovered by you or by us. We are not responsible for restoring lost or deleted content, including content lost because of an outage, an
            error, or the actions of a user or administrator in your organization. <strong>Keep your own copies</strong> of original documents and of any
            answers you need to retain for your records.
          </p>
          <p>
            To close your account and have your data deleted, email {mailto(site.privacyEmail)}. More detail is in our{" "}
            <a href={paths.privacy}>Privacy Policy</a>.
          </p>
        </>
      ),
    },
    {
      id: "privacy",
      title: "12. Privacy",
      content: () => (
        <>
          <p>
            Our <a href={paths.privacy}>Privacy Policy</a> explains what information we collect, how we use and share it, the kinds of subprocessors we rely on,
            and the rights you have. It forms part of these Terms. In short: data is processed in the United States; we do not sell personal data; we do not use
            third-party advertising cookies; we do not use automated decision-making that has legal or similarly significant effects on you; and we do not use
            Your Content to train AI models.
          </p>
          <p>
            We protect the Service with encryption in transit and at rest, role-based access control (org_user, org_admin and platform_admin), audit logging,
            and single sign-on where enabled. No system is perfectly secure, and you remain responsible for the content you choose to upload.
          </p>
        </>
      ),
    },
    {
      id: "intellectual-property",
      title: "13. Our intellectual property and feedback",
      content: (site) => (
        <>
          <p>
            The Service, including its software, design, text, graphics, logos and the {site.productName} name, is owned by {site.companyName} or its licensors
            and is protected by intellectual property laws. Subject to these Terms and to paying any applicable fees, we give you a limited, non-exclusive,
            non-transferable, revocable right to use the Service for your internal business purposes while your account is active. We reserve all rights not
            expressly granted.
          </p>
          <p>
            If you send us suggestions, ideas or other feedback about the Service, we may use them without restriction or obligation to you. Feedback does not
            include Your Content, and giving feedback does not give us any additional rights in Your Content.
          </p>
        </>
      ),
    },
    {
      id: "confidentiality",
      title: "14. Confidentiality",
      content: (site) => (
        <>
          <p>
            We treat Your Content as confidential. We use it only to provide, secure and support the Service, and we disclose it only to our personnel and
            subprocessors who need it for those purposes and are bound by confidentiality obligations, or as required by law. If we are legally required to
            disclose Your Content, we will, where the law allows, try to give you notice so that you can seek protection.
          </p>
          <p>
            Information that {site.companyName} shares with you and marks as confidential, or that is clearly confidential by its nature (such as non-public
            product plans or security details), must be kept confidential by you and used only in connection with your use of the Service.
          </p>
          <p>
            These obligations do not apply to information that is or becomes public through no fault of the receiving party, was already lawfully known to it,
            is independently developed, or is lawfully received from someone else without a duty of confidentiality.
          </p>
        </>
      ),
    },
    {
      id: "termination",
      title: "15. Suspension and termination",
      content: (site) => (
        <>
          <p>
            <strong>By you.</strong> You may stop using the Service at any time, cancel your subscription as described in section 9, and ask us to close your
            account by emailing {mailto(site.privacyEmail)}.
          </p>
          <p>
            <strong>For material breach.</strong> Either you or we may terminate these Terms if the other materially breaches them and does not cure the breach
            within 30 days after receiving written notice describing it.
          </p>
          <p>
            <strong>Immediate suspension.</strong> We may suspend or restrict access to the Service immediately, without waiting for a cure period, if we
            reasonably believe that protected health information has been uploaded, that an account has been compromised, that use of the Service poses a
            security or legal risk to us or others, or that the Service is being used unlawfully or in a way that harms other users. Where practical, we will
            tell you why and restore access once the issue is resolved. We may also terminate accounts for repeated or serious violations, or if required by
            law.
          </p>
          <p>
            <strong>Discontinuing the Service.</strong> If we decide to stop offering the Service altogether, we will give you reasonable advance notice so that
            you can keep copies of what you need.
          </p>
          <p>
            <strong>Effect of termination.</strong> When your account is closed or terminated, your right to use the Service ends and your content is deleted.
            Because we keep no backups, it cannot be recovered afterwards. Fees already paid are not refunded (see section 10), and any unpaid fees for periods
            before termination remain due. Sections that by their nature should survive termination will survive, including those on fees owed, your content and
            our intellectual property, confidentiality, disclaimers, limitation of liability, indemnification and governing law.
          </p>
        </>
      ),
    },
    {
      id: "disclaimers",
      title: "16. Disclaimers",
      content: () => (
        <>
          <p>
            To the fullest extent permitted by law, the Service, including all AI output, is provided <strong>"as is" and "as available"</strong>, without
            warranties of any kind, whether express, implied or statutory, including implied warranties of title, non-infringement, accuracy, merchantability
            and fitness for a particular purpose.
          </p>
          <p>
            We do not warrant that the Service will be uninterrupted, timely, secure or error-free, that OCR or AI output will be accurate or complete, that the
            Service will meet your requirements, or that any content will be preserved without loss.
          </p>
          <p>
            The Service relies on third-party providers, such as hosting, AI, OCR, payment and email providers, and may link to third-party websites or sign-in
            services such as Google and Microsoft. We are not responsible for third-party services that we do not control, and your use of them may be subject
            to their own terms.
          </p>
          <p>Some jurisdictions do not allow certain warranties to be excluded, so some of these exclusions may not apply to you.</p>
        </>
      ),
    },
    {
      id: "limitation-of-liability",
      title: "17. Limitation of liability",
      content: (site) => (
        <>
          <p>To the fullest extent permitted by law:</p>
          <ul>
            <li>
              <strong>No indirect damages.</strong> {site.companyName} and its affiliates, officers, employees, agents and suppliers will not be liable for any
              indirect, incidental, special, consequential, exemplary or punitive damages, or for any loss of profits, revenue, reimbursement, business,
              goodwill or data, including losses arising from reliance on AI output, from contract or reimbursement decisions, or from the deletion or loss of
              content, even if we were advised that such damages were possible.
            </li>
            <li>
              <strong>Liability cap.</strong> Our total liability for all claims arising out of or relating to these Terms or the Service, whatever the legal
              theory, will not exceed the fees you paid to us for the Service in the 12 months before the event giving rise to the claim.
            </li>
          </ul>
          <p>
            These limits apply even if a remedy fails of its essential purpose. They reflect an allocation of risk that is part of the basis of our pricing.
            They do not limit liability that cannot be limited under applicable law, such as liability for fraud.
          </p>
        </>
      ),
    },
    {
      id: "indemnification",
      title: "18. Indemnification",
      content: (site) => (
        <>
          <p>
            You will defend, indemnify and hold harmless {site.companyName} and its affiliates, officers, employees and agents from and against any third-party
            claims, and the related losses, damages, fines, penalties, costs and reasonable attorneys' fees, arising out of or relating to:
          </p>
          <ul>
            <li>Your Content, including any protected health information or patient data submitted in breach of these Terms;</li>
            <li>your use of the Service or of AI output, including decisions you make based on it;</li>
            <li>your breach of these Terms or of any law; or</li>
            <li>your violation of any third party's rights, including confidentiality obligations owed to payers.</li>
          </ul>
          <p>
            We will give you prompt notice of any such claim, let you control its defense and settlement (though you may not settle a claim in a way that
            imposes obligations on us without our consent), and provide reasonable cooperation at your expense.
          </p>
        </>
      ),
    },
    {
      id: "governing-law",
      title: "19. Governing law and disputes",
      content: (site) => (
        <>
          <p>
            These Terms and any dispute arising out of or relating to them or the Service are governed by the laws of the State of Delaware, excluding its
            conflict-of-laws rules.
          </p>
          <p>
            Before starting any formal proceeding, please contact us at {mailto(site.supportEmail)} and give us a chance to resolve the dispute informally; both
            parties will try in good faith to do so within 30 days. If the dispute is not resolved, it will be decided exclusively by the state or federal
            courts sitting in Delaware, and both parties consent to the personal jurisdiction of those courts. Either party may seek urgent injunctive relief in
            any court with jurisdiction to protect its intellectual property or confidential information.
          </p>
        </>
      ),
    },
    {
      id: "changes",
      title: "20. Changes to these Terms",
      content: () => (
        <>
          <p>
            We may update these Terms from time to time. The effective date at the top shows the current version. If we make a material change, we will notify
            you in advance by email or in the application. Changes will not apply retroactively. By continuing to use the Service after a change takes effect,
            you agree to the updated Terms. If you do not agree, you must stop using the Service and may cancel your subscription before the change applies to
            you.
          </p>
        </>
      ),
    },
    {
      id: "general",
      title: "21. General terms",
      content: (site) => (
        <>
          <ul>
            <li>
              <strong>Entire agreement.</strong> These Terms, together with the Privacy Policy and any plan details shown at purchase, are the entire agreement
              between you and {site.companyName} about the Service and replace any earlier understandings on the same subject.
            </li>
            <li>
              <strong>Assignment.</strong> You may not transfer these Terms without our written consent. We may transfer them in connection with a merger,
              acquisition, reorganization or sale of assets.
            </li>
            <li>
              <strong>Severability and waiver.</strong> If any provision is found unenforceable, the rest remains in effect, and the provision is enforced to
              the maximum extent permitted. Not enforcing a provision is not a waiver of our right to do so later.
            </li>
            <li>
              <strong>Events beyond our control.</strong> We are not liable for delays or failures caused by events beyond our reasonable control, such as
              outages of third-party providers, internet failures, natural disasters, or acts of government.
            </li>
            <li>
              <strong>Notices.</strong> We may send notices to the email address on your account or show them in the application. You may send notices to us at
              the contact addresses below.
            </li>
            <li>
              <strong>Relationship.</strong> The parties are independent contractors. These Terms create no partnership, joint venture, employment or agency
              relationship, and no third-party beneficiaries.
            </li>
            <li>
              <strong>Export and sanctions.</strong> You will comply with US export control and sanctions laws in using the Service.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "contact",
      title: "22. Contact us",
      content: (site) => (
        <>
          <p>
            {site.productName} is provided by {site.companyName}. Questions about these Terms or the Service:
          </p>
          <ul>
            <li>
              <strong>Support, billing and cancellations:</strong> {mailto(site.supportEmail)}
            </li>
            <li>
              <strong>Privacy requests and account deletion:</strong> {mailto(site.privacyEmail)}
            </li>
          </ul>
        </>
      ),
    },
  ],
};
