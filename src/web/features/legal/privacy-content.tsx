import type { ReactNode } from "react";
import type { LegalDocument } from "./legal-document";

function mailto(address: string): ReactNode {
  return <a href={`mailto:${address}`}>{address}</a>;
}

export const privacyPolicy: LegalDocument = {
  title: "Privacy Policy",
  description: "How we collect, use, share, protect and delete information when your practice uses our payer contract and policy analysis service.",
  dateLabel: "Last updated: August 15, 2025",
  sections: [
    {
      id: "quick-summary",
      title: "Quick summary",
      content: (site) => (
        <>
          <p>The key points are below. The full policy controls if the two ever differ.</p>
          <ul>
            <li>
              <strong>Do not upload patient data.</strong> {site.productName} is built for payer contracts, network agreements, medical policies and
              reimbursement documents. Protected health information (PHI) and other patient data must not be uploaded. The Service does not automatically detect
              or redact it.
            </li>
            <li>
              <strong>Your documents are not used to train AI models.</strong>
            </li>
            <li>
              <strong>We do not sell personal data</strong>, and we do not use third-party advertising cookies.
            </li>
            <li>
              <strong>Your data stays in the United States.</strong> We and our service providers process it in the United States.
            </li>
            <li>
              <strong>You control retention.</strong> Documents, extracted text, search indexes and chat history are kept until you delete them or your account
              is closed. You can rename or delete documents and chats at any time.
            </li>
            <li>
              <strong>Deletion is final.</strong> We do not keep backups, so deleted content cannot be recovered by you or by us. Keep your own copies of
              original files.
            </li>
            <li>
              <strong>AI answers are informational.</strong> They are not legal or medical advice and can be wrong. Always check the cited clause and page.
            </li>
            <li>
              <strong>Questions or requests?</strong> Email {mailto(site.privacyEmail)} for privacy and account deletion requests, or{" "}
              {mailto(site.supportEmail)} for general help.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "scope-roles",
      title: "1. Scope and roles",
      content: (site) => (
        <>
          <p>
            This Privacy Policy explains how {site.companyName} ("we", "us" or "our") handles information in connection with {site.productName} (the "Service"),
            including our website at <a href={site.publicUrl}>{site.publicUrl}</a>, the web application, and related emails and support.
          </p>
          <p>
            The Service is intended for professional use by healthcare practices and businesses in the United States, such as independent practice managers,
            solo practitioners, and the employees and contractors of business customers. It is not a consumer service and is not intended for use outside the
            United States.
          </p>
          <p>Depending on the information involved, we play one of two roles:</p>
          <ul>
            <li>
              <strong>For the content you upload and create</strong> (documents, questions and the answers generated for you), we act as a service provider to
              you or to the organization you belong to. We process that content on your behalf and according to your instructions.
            </li>
            <li>
              <strong>For account, billing, usage and website information</strong>, we decide how and why the information is used, and this policy describes
              those uses.
            </li>
          </ul>
          <p>
            The Service is not designed to receive protected health information as defined by the Health Insurance Portability and Accountability Act (HIPAA),
            and you must not use it in a way that would make {site.companyName} your business associate.
          </p>
        </>
      ),
    },
    {
      id: "information-we-collect",
      title: "2. Information we collect",
      content: () => (
        <>
          <p>We collect only what we need to run the Service. This falls into the following groups.</p>
          <p>
            <strong>Account and profile information.</strong> Your email address and password (stored only in a securely hashed form by our authentication
            provider), and any profile details you choose to add: display name, job title, phone number, a short bio and a profile photo. If you sign in with
            Google or with a Microsoft work account, we receive your name, email address and basic profile information from that provider; we do not receive
            your password for those accounts.
          </p>
          <p>
            <strong>Organization information.</strong> Your organization's name and domain, its sign-in settings, the role of each member (org_user or
            org_admin), membership status and join dates, and invitations (the invited email address, role, who sent the invitation, and when it was sent and
            expires).
          </p>
          <p>
            <strong>Content you upload and create.</strong> The documents you upload and the information we derive from them to make them searchable,
            specifically:
          </p>
          <ul>
            <li>the original documents, with their titles, file types, file sizes and upload dates;</li>
            <li>OCR output, meaning the text recognized from each page;</li>
            <li>chunks, meaning sections of that text split along the document's pages, headings and clauses;</li>
            <li>embeddings, meaning numerical representations of those chunks used to find relevant passages;</li>
            <li>chats, including the prompts (questions) you type, the responses generated for you with their citations, chat titles, and timestamps.</li>
          </ul>
          <p>
            <strong>Billing information.</strong> Your plan, subscription status, billing period, document credits and usage, and billing metadata received from
            our card payment provider: the last 4 digits of your card, the card brand and the payment status. We never receive or store full card numbers.
          </p>
          <p>
            <strong>Communications.</strong> Messages you send us through the support and feedback forms or by email, including the category you choose, your
            message, the page you were on and any contact email you provide, as well as enterprise or sales inquiries.
          </p>
          <p>
            <strong>Technical and usage information.</strong> When you use the website or application, we and our providers automatically receive information
            such as your IP address, browser and device type, pages viewed, referring page, and the date and time of requests. We also keep audit logs of
            sign-ins and security events, and record document processing status and errors.
          </p>
          <p>
            We do not ask for, and you must not provide, protected health information, patient records, Social Security numbers, or similar sensitive personal
            information.
          </p>
        </>
      ),
    },
    {
      id: "purposes",
      title: "3. How we use information",
      content: () => (
        <>
          <p>We use the information described above to:</p>
          <ul>
            <li>
              create and secure your account, verify your email address, sign you in (including by one-time code, magic link, Google sign-in or Microsoft single
              sign-on) and manage organization invitations and roles;
            </li>
            <li>
              process the documents you upload: recognize their text, structure them by page, heading and clause, and index them so the Service can find
              relevant passages;
            </li>
            <li>answer your questions about a document and show the clause and page each answer relies on;</li>
            <li>keep your document library and chat history available to you until you delete them;</li>
            <li>manage subscriptions, document credits and payments, and show you your plan and usage;</li>
            <li>
              send service emails, such as verification codes, sign-in links, password resets, invitations and important notices about your account or these
              policies;
            </li>
            <li>respond to support requests, feedback and sales inquiries;</li>
            <li>keep the Service reliable and secure, including detecting abuse, preventing fraud and investigating incidents;</li>
            <li>understand, in aggregate, how visitors use our website and application so we can improve them;</li>
            <li>comply with law, enforce our Terms of Service and protect the rights and safety of our users and us.</li>
          </ul>
          <p>
            <strong>No model training.</strong> We do not use your documents, extracted text, prompts or responses to train artificial intelligence or machine
            learning models, and we do not allow our AI and OCR providers to use them to train theirs.
          </p>
          <p>
            <strong>No advertising.</strong> We do not use your information for targeted advertising and we do not sell it.
          </p>
        </>
      ),
    },
    {
      id: "legal-bases",
      title: "4. Legal bases for processing",
      content: () => (
        <>
          <p>Most US privacy laws do not require a named "legal basis" for each use of data, but for transparency, these are the grounds we rely on:</p>
          <ul>
            <li>
              <strong>Providing the Service you signed up for.</strong> Creating your account, processing your documents, answering your questions, billing and
              account emails are necessary to perform our agreement with you or your organization.
            </li>
            <li>
              <strong>Legitimate interests.</strong> Keeping the Service secure, preventing abuse and fraud, keeping audit logs, understanding aggregate website
              usage and improving the product, where those interests are not outweighed by your privacy rights.
            </li>
            <li>
              <strong>Legal obligations.</strong> Keeping records required for tax and accounting, and responding to valid legal process.
            </li>
            <li>
              <strong>Consent.</strong> Where we ask for your permission for a specific use, you may withdraw it at any time; withdrawal does not affect
              processing that already took place.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "cookies-analytics",
      title: "5. Cookies and analytics",
      content: () => (
        <>
          <p>
            We use a small number of cookies and similar browser storage technologies (such as local storage). Most are strictly necessary for the Service to
            work:
          </p>
          <ul>
            <li>
              <strong>Sign-in session.</strong> Tokens that keep you signed in and are refreshed automatically while you use the application. They are removed
              when you sign out.
            </li>
            <li>
              <strong>Trusted device.</strong> When you choose to trust a device at two-factor sign-in, a cookie that lets that browser skip the code for 30
              days. It is removed when you turn two-factor sign-in off.
            </li>
            <li>
              <strong>Invitation details.</strong> Temporary invitation tokens that let you finish joining an organization after you follow an invitation link.
              They are cleared once the invitation is handled.
            </li>
            <li>
              <strong>Preferences.</strong> Your display theme (light, dark or system) and the sign-in method you used last, so we can highlight it next time.
            </li>
          </ul>
          <p>
            <strong>Analytics.</strong> We use a web analytics provider to understand, in aggregate, how people find and use our website and application: for
            example, which pages are visited, how long pages take to load, the type of browser and device used, the referring website and an approximate
            location derived from the IP address. The analytics provider may use a cookie or similar identifier for this purpose. We use these statistics only
            to improve the Service, not to build advertising profiles.
          </p>
          <p>
            <strong>No advertising cookies.</strong> We do not use third-party advertising cookies, advertising pixels or cross-site tracking, and we do not
            allow advertising networks to collect information through the Service.
          </p>
          <p>
            You can block or delete cookies and local storage in your browser settings, but if you block the strictly necessary items you will not be able to
            stay signed in.
          </p>
        </>
      ),
    },
    {
      id: "data-sharing",
      title: "6. How we share information",
      content: (site) => (
        <>
          <p>
            <strong>We do not sell personal information</strong>, and we do not share it for cross-context behavioral advertising. We share information only in
            the following situations:
          </p>
          <ul>
            <li>
              <strong>Service providers (subprocessors).</strong> Companies that host and run parts of the Service for us, such as hosting, database and
              storage, AI text generation, OCR, payments, email and analytics. They may use the information only to provide their services to us, under written
              terms that require them to protect it. The kinds of providers we use, and what each receives, are listed in the <a href="#appendix">Appendix</a>.
            </li>
            <li>
              <strong>Within your organization.</strong> Administrators of your organization (the org_admin role) can see who belongs to the organization,
              including each member's name, email address, role, status, join date and the number of documents processed, and can invite, change the role of, or
              remove members. The Service does not currently offer document sharing or collaboration between users.
            </li>
            <li>
              <strong>{site.companyName} personnel.</strong> A limited number of authorized staff with the platform_admin role can view account and usage
              information across organizations (such as email addresses, organization names, sign-in times, document and chat titles, counts and processing
              status) to operate the Service, provide support and keep it secure. Staff access content only when needed for those purposes, for example to
              resolve a problem you have reported.
            </li>
            <li>
              <strong>Legal requirements.</strong> When we believe in good faith that disclosure is required by law, subpoena, court order or other valid legal
              process, or is necessary to protect the rights, property or safety of our users, the public or {site.companyName}. Where the law allows, we will
              try to notify the affected customer before disclosing their content.
            </li>
            <li>
              <strong>Business transfers.</strong> If {site.companyName} is involved in a merger, acquisition, financing or sale of assets, information may be
              transferred as part of that transaction, subject to this policy or protections at least as strong.
            </li>
            <li>
              <strong>With your direction.</strong> When you ask us to share information, or give your consent.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "data-location",
      title: "7. Where data is processed",
      content: () => (
        <>
          <p>
            We store and process information in the United States, and our subprocessors process it in the United States. The Service is intended only for use
            from within the United States. If you access it from another country, your information will still be transferred to, stored and processed in the
            United States, where privacy laws may differ from those in your country.
          </p>
        </>
      ),
    },
    {
      id: "security",
      title: "8. Security",
      content: () => (
        <>
          <p>We use administrative, technical and organizational measures designed to protect the information we hold, including:</p>
          <ul>
            <li>
              <strong>Encryption in transit and at rest.</strong> Information travels between your browser and the Service over encrypted connections (HTTPS),
              and stored documents and data are encrypted at rest.
            </li>
            <li>
              <strong>Role-based access control.</strong> Access is governed by roles: org_user (a member who works with their own documents and chats),
              org_admin (who also manages their organization's members, invitations and settings) and platform_admin (a limited number of authorized personnel
              who operate the Service). Fine-grained authorization rules keep each user's documents and chats separate from other users and organizations.
            </li>
            <li>
              <strong>Audit logging.</strong> We record security-relevant events, such as sign-ins, invitations and changes to roles, so that access can be
              reviewed and incidents investigated.
            </li>
            <li>
              <strong>Strong sign-in options.</strong> Single sign-on with Microsoft work accounts (Azure AD) or Google, one-time email codes, and two-factor
              sign-in with an authenticator app and one-time recovery codes where enabled. Organization administrators can choose which sign-in methods their
              members may use and require two-factor sign-in of them.
            </li>
            <li>
              <strong>Limited access.</strong> Our personnel and subprocessors may access information only where they need it to provide, secure or support the
              Service.
            </li>
          </ul>
          <p>
            No system is perfectly secure, and we cannot guarantee that information will never be accessed, disclosed or lost. If we become aware of a security
            incident affecting your personal information, we will notify you and any authorities as required by law.
          </p>
        </>
      ),
    },
    {
      id: "retention-deletion",
      title: "9. Retention and deletion",
      content: (site) => (
        <>
          <p>
            <strong>Your content.</strong> Documents, OCR text, chunks, embeddings and chat history (prompts, responses, titles and timestamps) are kept until
            you delete them or your account is closed. We do not delete them automatically after a fixed period.
          </p>
          <p>
            <strong>What you can do yourself.</strong> In the application you can rename and delete documents, and rename and delete chats. When you delete a
            document, we also delete the data derived from it: its stored file, OCR text, chunks and embeddings. When you delete a chat, its messages are
            deleted with it.
          </p>
          <p>
            <strong>No backups.</strong> We do not keep backups of your content. Once something is deleted, whether by you or because your account was closed,
            it cannot be recovered by you or by us. Keep your own copies of original documents and of any answers you rely on.
          </p>
          <p>
            <strong>Closing your account.</strong> To close your account and have your information deleted, email {mailto(site.privacyEmail)} from the email
            address on the account. If you belong to an organization, your organization's administrator can also remove you from it. When an account is closed,
            we delete its documents, derived data, chats and profile.
          </p>
          <p>
            <strong>Other records.</strong> Account, security and audit records are kept while your account is open and are deleted when it is closed, except
            where we must keep a specific record for longer to comply with law (for example, transaction records needed for tax and accounting), resolve a
            dispute, or enforce our agreements. Our card payment provider keeps its own payment records under its own legal obligations. Aggregated or
            de-identified statistics that do not identify you may be kept.
          </p>
        </>
      ),
    },
    {
      id: "privacy-rights",
      title: "10. Your privacy rights",
      content: (site) => (
        <>
          <p>
            Depending on the state you live in (for example California, Colorado, Connecticut, Virginia and other states with comprehensive privacy laws), you
            may have some or all of the following rights regarding your personal information:
          </p>
          <ul>
            <li>
              <strong>Access and portability:</strong> to know what personal information we hold about you and to receive a copy;
            </li>
            <li>
              <strong>Correction:</strong> to correct inaccurate information (most profile details can be edited directly in your account settings);
            </li>
            <li>
              <strong>Deletion:</strong> to have your personal information deleted, subject to the exceptions the law allows;
            </li>
            <li>
              <strong>Opt-out:</strong> of the sale of personal information, targeted advertising and certain profiling. We do none of these, so there is
              nothing to opt out of, but you may still ask us to confirm;
            </li>
            <li>
              <strong>Non-discrimination:</strong> we will not treat you differently for exercising your rights;
            </li>
            <li>
              <strong>Appeal:</strong> if we decline your request, you may ask us to reconsider, and if you remain unsatisfied you may contact your state
              attorney general.
            </li>
          </ul>
          <p>
            To make a request, email {mailto(site.privacyEmail)}. We will verify your identity, usually by confirming the request from the email address on your
            account, and respond within the time the applicable law requires (generally within 45 days). An authorized agent may make a request for you if they
            provide proof of your permission, and we may still ask you to confirm your identity directly.
          </p>
          <p>
            If your account is managed by an organization, some requests concern information the organization controls. In that case we may refer you to your
            organization's administrator or act on the organization's instructions, as the law allows.
          </p>
        </>
      ),
    },
    {
      id: "payment-processing",
      title: "11. Payment processing",
      content: () => (
        <>
          <p>
            Payments for subscriptions and one-time document credits are handled by our card payment provider through its secure checkout and billing portal.
            You enter your card details directly with that provider; they are not sent to or stored on our servers.
          </p>
          <p>
            From the payment provider we receive and store only the billing metadata we need to manage your account: the last 4 digits of the card, the card
            brand, the payment and subscription status, your plan, and the dates of your billing period.{" "}
            <strong>We never receive or store full card numbers</strong> or security codes.
          </p>
          <p>
            The payment provider processes your payment information under its own privacy policy and its obligations under payment card industry security
            standards, and may use it to prevent fraud.
          </p>
        </>
      ),
    },
    {
      id: "childrens-privacy",
      title: "12. Children's privacy",
      content: (site) => (
        <>
          <p>
            The Service is a professional tool for healthcare businesses and is not directed to children. We do not knowingly collect personal information from
            children under 13, and no one under 13 may use the Service. If you believe a child under 13 has given us personal information, please contact{" "}
            {mailto(site.privacyEmail)} and we will delete it.
          </p>
        </>
      ),
    },
    {
      id: "automated-decision-making",
      title: "13. Automated decision-making",
      content: () => (
        <>
          <p>
            We do not use automated decision-making, including profiling, that produces legal or similarly significant effects on you. We do not use your
            information to decide on your eligibility for employment, credit, insurance, housing, healthcare or similar matters.
          </p>
          <p>
            The Service uses AI to answer the questions you ask about your documents. Those answers are produced at your request, for you to review, and are
            informational only; decisions about your contracts and claims remain yours.
          </p>
        </>
      ),
    },
    {
      id: "your-responsibilities",
      title: "14. Your responsibilities",
      content: (site) => (
        <>
          <p>Because you decide what goes into the Service, you are responsible for:</p>
          <ul>
            <li>
              <strong>Not uploading protected health information or patient data</strong>, such as patient names, dates of birth, member or claim numbers,
              diagnoses, or claim files and remittance advice that identify patients.
            </li>
            <li>
              <strong>Redacting before you upload.</strong> The Service does not automatically detect or redact protected health information or other personal
              information. If a document contains it, remove it before uploading.
            </li>
            <li>
              <strong>Having the right to upload.</strong> Make sure you are permitted to upload each document, including under any confidentiality terms in
              your payer contracts, and that any personal information in it (for example, names of contract signatories) may be shared with a service provider
              like us.
            </li>
            <li>
              <strong>Keeping your account secure.</strong> Protect your sign-in details, do not share accounts, and tell us promptly at{" "}
              {mailto(site.supportEmail)} if you suspect unauthorized access.
            </li>
            <li>
              <strong>Managing your organization.</strong> If you are an administrator, invite only people who should have access, give them appropriate roles,
              and remove them when they no longer need access.
            </li>
          </ul>
          <p>
            If protected health information is uploaded by mistake, delete the document and the related chats right away; deletion removes the document and
            everything derived from it.
          </p>
        </>
      ),
    },
    {
      id: "data-integrity",
      title: "15. Data integrity and accuracy",
      content: () => (
        <>
          <p>
            We store your original documents as you upload them and use them as the source for everything the Service produces. The text recognized from scanned
            pages, the way a document is split into clauses, and the answers generated by AI can contain errors: a scan may be hard to read, a table may be
            recognized imperfectly, and an AI answer may misread or omit a relevant provision.
          </p>
          <p>
            That is why answers include citations to clause and page. Check important answers against the original document before relying on them. If a
            document was processed poorly, you can delete it and upload a clearer copy.
          </p>
        </>
      ),
    },
    {
      id: "changes",
      title: "16. Changes to this policy",
      content: () => (
        <>
          <p>
            We may update this policy as the Service, our providers or the law change. The "Last updated" date at the top shows when it was last revised. If we
            make a material change, such as using personal information in a significantly different way, we will notify you in advance by email or in the
            application. Continuing to use the Service after a change takes effect means the updated policy applies. If you do not agree with a change, you may
            delete your content and close your account.
          </p>
        </>
      ),
    },
    {
      id: "contact",
      title: "17. Contact us",
      content: (site) => (
        <>
          <p>
            {site.productName} is operated by {site.companyName}.
          </p>
          <ul>
            <li>
              <strong>Privacy questions, privacy rights requests and account deletion:</strong> {mailto(site.privacyEmail)}
            </li>
            <li>
              <strong>Product support, including help deleting documents or chats:</strong> {mailto(site.supportEmail)}
            </li>
          </ul>
          <p>Please include the email address on your account so we can find your records quickly.</p>
        </>
      ),
    },
    {
      id: "appendix",
      title: "Appendix: Subprocessors",
      content: (site) => (
        <>
          <p>
            We use the following kinds of subprocessors to provide the Service. Each processes data in the United States, only on our instructions, under
            written terms that require it to protect the data. None may use your content to train AI models or for advertising.
          </p>
          {/* Three columns do not fit a phone: the table scrolls sideways in its own box, which keyboards can focus. */}
          <div role="region" aria-label="Subprocessors" tabIndex={0} className="overflow-x-auto">
            <table className="min-w-[36rem]">
              <thead>
                <tr>
                  <th scope="col">Subprocessor type</th>
                  <th scope="col">Purpose</th>
                  <th scope="col">Data involved</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>Hosting provider</td>
                  <td>Serves the website and application and runs our application servers</td>
                  <td>Technical data (IP address, browser, request logs) and data passing through the application</td>
                </tr>
                <tr>
                  <td>Database, authentication and storage provider</td>
                  <td>Stores accounts, documents and derived data; handles sign-in and sessions</td>
                  <td>Account and profile data, organization data, documents, OCR text, chunks, embeddings, chats, billing metadata, audit logs</td>
                </tr>
                <tr>
                  <td>LLM (large language model) provider</td>
                  <td>Generates answers to your questions and helps structure documents</td>
                  <td>Your prompts, relevant document text and chunks, and generated responses</td>
                </tr>
                <tr>
                  <td>Document OCR provider</td>
                  <td>Recognizes text and layout in uploaded documents</td>
                  <td>Uploaded document pages and the resulting text</td>
                </tr>
                <tr>
                  <td>Card payment provider</td>
                  <td>Processes subscription and credit payments; hosts checkout and the billing portal</td>
                  <td>Name, email address, card details (held by the provider only), plan and payment status</td>
                </tr>
                <tr>
                  <td>Transactional email provider</td>
                  <td>Sends verification codes, sign-in links, password resets, invitations and service notices</td>
                  <td>Email address, name and the content of the email</td>
                </tr>
                <tr>
                  <td>Web analytics provider</td>
                  <td>Measures aggregate use of the website and application</td>
                  <td>Pages viewed, referrer, browser and device type, approximate location from IP address</td>
                </tr>
              </tbody>
            </table>
          </div>
          <p>
            We will update this list if the kinds of subprocessors we use change. If you need the names of our current providers for your own vendor review,
            email {mailto(site.privacyEmail)}.
          </p>
        </>
      ),
    },
  ],
};
