import {
  MINIMUM_AGE,
  NOTICE_DAYS,
  PRODUCT_NAME,
  RECORDING_RETENTION_DAYS,
  SUPPORT_EMAIL,
} from '@callwise/shared/product';
import { Link } from 'react-router';
import {
  LEGAL_LINK_CLASS,
  LegalContact,
  LegalDocument,
  type LegalSection,
} from '@/components/legal-document';
import { paths } from '@/config/paths';

const code = 'rounded bg-muted px-1 py-0.5 font-mono text-[0.8125rem] text-foreground';

const sections: LegalSection[] = [
  {
    title: 'Information We Collect',
    body: (
      <>
        <p>We collect only what the Service needs to work:</p>
        <ul>
          <li>
            <strong className="text-foreground">Account data:</strong> your first and last name, business name
            and e-mail address, your notification choices, and your password, which we store only as a salted
            one-way hash (argon2id) that no one can read back.
          </li>
          <li>
            <strong className="text-foreground">Sign-in data:</strong> for each signed-in device, when the
            session started and was last used, its IP address and its browser (user agent), so that you can be
            signed out everywhere and misuse can be detected.
          </li>
          <li>
            <strong className="text-foreground">Contact data you add:</strong> the names, phone numbers,
            e-mail addresses, companies, tags and time zones of the people you call, and the consent you
            recorded for them (its level, when and how it was given).
          </li>
          <li>
            <strong className="text-foreground">Call data:</strong> your scripts, and for each call the
            number, the message, the voice, when it was scheduled and placed, its status, attempts, duration
            and cost, the answer given (for example confirmed or opted out), a transcript of what was said,
            and an audio recording of the call.
          </li>
          <li>
            <strong className="text-foreground">Messages to us:</strong> the name, e-mail address and message
            you send through the Help page’s contact form or by e-mail.
          </li>
          <li>
            <strong className="text-foreground">Technical data:</strong> IP addresses and request logs that we
            need to run and protect the Service, including short-lived counters that limit how often one
            address may use the public demo, the contact form or the sign-in.
          </li>
        </ul>
        <p>
          What you type or say in the public demo is sent to our dialogue engine to produce the assistant’s
          answer; it is not stored.
        </p>
      </>
    ),
  },
  {
    title: 'How We Use Your Information',
    body: (
      <>
        <p>We use this information to:</p>
        <ul>
          <li>provide the Service: place, retry, record and report the calls you schedule;</li>
          <li>
            run your account: sign you in, send sign-in links, call summaries and failure alerts you chose;
          </li>
          <li>bill you for your plan and for extra calls;</li>
          <li>answer your questions and support requests;</li>
          <li>keep the Service secure, prevent abuse and meet our legal obligations;</li>
          <li>understand, in aggregate, how the Service is used so that we can improve it.</li>
        </ul>
        <p>
          We do not sell personal data, we do not use the data of the people you call for our own marketing,
          and we do not use your calls to train AI models.
        </p>
      </>
    ),
  },
  {
    title: 'Information Sharing',
    body: (
      <p>
        We share personal data only with the service providers that help us run the Service (see Third-Party
        Services below), under contracts that require them to protect it and use it only for us; when the law
        requires it, for example a valid court order; to protect the rights and safety of people and of the
        Service; with a buyer if our business is sold, under this policy; or when you ask us to.
      </p>
    ),
  },
  {
    title: 'Data Security',
    body: (
      <p>
        Data travels encrypted (HTTPS). Passwords are stored as one-way hashes, sign-in tokens expire after an
        hour and are rotated, and API keys are stored only as hashes. Every account’s data is kept separate,
        and no one can read or change another account’s contacts, scripts or calls. Access by our staff is
        limited to what they need to run and support the Service. No system is perfectly secure; if a breach
        affects your data, we will tell you without undue delay.
      </p>
    ),
  },
  {
    title: 'Data Retention',
    body: (
      <>
        <ul>
          <li>
            Call recordings are kept for {RECORDING_RETENTION_DAYS} days and then deleted automatically,
            unless you delete them earlier: any recording can be deleted at once from Call History.
          </li>
          <li>
            Contacts, scripts and the call history are kept while your account is open, until you delete them.
          </li>
          <li>
            Sign-in and password-reset links expire within 24 hours; used links and old rate-limit counters
            are removed by a daily clean-up.
          </li>
          <li>
            When you close your account we delete its data within 30 days, except records the law requires us
            to keep longer (such as invoices).
          </li>
        </ul>
      </>
    ),
  },
  {
    title: 'Your Rights',
    body: (
      <>
        <p>
          Depending on where you live, you may have the right to access, correct, export or delete your
          personal data, and to object to or restrict some processing. You can change your profile and
          notification choices in Settings and export your contacts and calls as CSV files at any time; for
          anything else, write to {SUPPORT_EMAIL}. We answer within 30 days. You may also complain to your
          data protection authority.
        </p>
        <p>
          If we called you on behalf of one of our customers, that business decides about your data: contact
          it, or press 9 during a call to stop receiving its calls. We will help our customers answer your
          request.
        </p>
      </>
    ),
  },
  {
    title: 'Cookies',
    body: (
      <>
        <p>
          We use no advertising or analytics cookies and no third-party cookies. The Service stores only what
          it needs in your browser:
        </p>
        <ul>
          <li>
            <code className={code}>sidebar_state</code>, a cookie that remembers whether the workspace sidebar
            is expanded or collapsed. It holds only “true” or “false” and expires after 7 days.
          </li>
          <li>
            <code className={code}>callwise-auth</code> keeps you signed in: it holds your session tokens and
            basic profile, in your browser’s local storage when you tick “Remember me” (it then survives
            closing the browser), otherwise in session storage (it ends when the browser closes). It is
            removed when you sign out.
          </li>
          <li>
            <code className={code}>callwise-remember-me</code>, in local storage, remembers whether you ticked
            “Remember me” at your last sign-in.
          </li>
          <li>
            <code className={code}>callwise-recovery</code>, in session storage, remembers for one browser tab
            that you are choosing a new password after opening a reset link.
          </li>
        </ul>
        <p>
          These are strictly necessary for the features you use, so they do not need consent. Blocking them
          stops signing in or the sidebar preference from working.
        </p>
      </>
    ),
  },
  {
    title: 'Third-Party Services',
    body: (
      <>
        <p>To provide the Service we rely on providers that process data for us:</p>
        <ul>
          <li>
            a telephone carrier, which connects the calls and receives the numbers called and the audio;
          </li>
          <li>a text-to-speech provider, which receives the text of your messages to speak them;</li>
          <li>
            where enabled, an AI language model provider, which receives a call’s message and what the person
            called said, to understand the answer;
          </li>
          <li>an e-mail delivery provider, for sign-in links, notifications and support replies;</li>
          <li>hosting and storage providers, where the Service and the recordings are kept.</li>
        </ul>
        <p>
          Each may process the data only to provide its service to us, and their own privacy terms also apply.
          We will give you the current list on request.
        </p>
      </>
    ),
  },
  {
    title: 'Children’s Privacy',
    body: (
      <p>
        The Service is not meant for children under {MINIMUM_AGE}, and we do not knowingly collect personal
        data from them. If you believe a child under {MINIMUM_AGE} has given us personal data, write to{' '}
        {SUPPORT_EMAIL} and we will delete it.
      </p>
    ),
  },
  {
    title: 'International Data Transfers',
    body: (
      <p>
        We and our providers may process data in countries other than yours, including the United States. When
        personal data leaves the European Economic Area, the United Kingdom or Switzerland, we protect it with
        safeguards the law recognises, such as the European Commission’s standard contractual clauses.
      </p>
    ),
  },
  {
    title: 'Changes to This Policy',
    body: (
      <p>
        We will update this policy when the Service or the law changes. We will tell you about material
        changes by e-mail or in the app at least {NOTICE_DAYS} days before they take effect, and the date at
        the top of this page always shows the latest version. Please also read our{' '}
        <Link to={paths.terms} className={LEGAL_LINK_CLASS}>
          Terms of Service
        </Link>
        .
      </p>
    ),
  },
  {
    title: 'Contact Us',
    body: <LegalContact question="Questions or requests about your data?" />,
  },
];

export default function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="January 2024"
      intro={
        <p>
          This policy explains what information {PRODUCT_NAME} collects when you use our website, web app and
          API, how we use and protect it, how long we keep it, and the choices you have.
        </p>
      }
      sections={sections}
    />
  );
}
