import {
  MINIMUM_AGE,
  NOTICE_DAYS,
  PRODUCT_NAME,
  RECORDING_RETENTION_DAYS,
  SUPPORT_EMAIL,
} from '@callwise/shared/product';
import { LegalDocument, type LegalSection } from '@/components/legal-document';

const sections: LegalSection[] = [
  {
    title: 'Information We Collect',
    body: (
      <ul>
        <li>
          Account data: your name, business name, email address and password (stored only as a secure hash).
        </li>
        <li>
          Contact data you add: names, phone numbers, email addresses and companies of the people you call.
        </li>
        <li>Call data: scripts, schedules, recordings, transcripts, durations, outcomes and costs.</li>
        <li>Technical data: IP address, browser type and usage logs needed to run and secure the Service.</li>
      </ul>
    ),
  },
  {
    title: 'How We Use Your Information',
    body: (
      <p>
        We use this information to provide the Service (placing, recording and reporting calls), to bill you,
        to keep the Service secure, to answer support requests and to improve our features. We do not sell
        personal data.
      </p>
    ),
  },
  {
    title: 'Information Sharing',
    body: (
      <p>
        We share data only with the providers that help us run the Service, such as telephone carriers, speech
        and hosting providers, under contracts that protect it; when the law requires it; or with your
        explicit permission.
      </p>
    ),
  },
  {
    title: 'Data Security',
    body: (
      <p>
        Data is encrypted in transit, access is limited to the people who need it, passwords are hashed, and
        every account’s data is kept separate from every other account’s.
      </p>
    ),
  },
  {
    title: 'Data Retention',
    body: (
      <p>
        Call recordings are kept for {RECORDING_RETENTION_DAYS} days unless you ask us to delete them sooner.
        Other account data is kept while your account is open and deleted after it is closed, except where the
        law requires us to keep records longer.
      </p>
    ),
  },
  {
    title: 'Your Rights',
    body: (
      <p>
        You may access, correct, export or delete your personal data, and object to or restrict some
        processing. People you call can ask to stop receiving calls at any time; the Service records their
        opt-out at once.
      </p>
    ),
  },
  {
    title: 'Cookies',
    body: (
      <p>
        We use only the cookies and local storage the Service needs: keeping you signed in and remembering
        interface preferences such as whether the sidebar is collapsed. We use no advertising cookies.
      </p>
    ),
  },
  {
    title: 'Third-Party Services',
    body: (
      <p>
        Calls travel through telephone carriers, and optional integrations (for example a text-to-speech
        provider) process the text of your calls. Their own privacy policies also apply to that processing.
      </p>
    ),
  },
  {
    title: 'Children’s Privacy',
    body: (
      <p>
        The Service is not meant for children under {MINIMUM_AGE}, and we do not knowingly collect their
        personal data. If you believe a child has given us data, contact us and we will delete it.
      </p>
    ),
  },
  {
    title: 'International Data Transfers',
    body: (
      <p>
        Your data may be processed in countries other than your own. When it is, we use safeguards such as
        standard contractual clauses to protect it.
      </p>
    ),
  },
  {
    title: 'Changes to This Policy',
    body: (
      <p>
        We will notify you of material changes to this policy at least {NOTICE_DAYS} days before they take
        effect, by email or in the app.
      </p>
    ),
  },
  {
    title: 'Contact Us',
    body: (
      <p>
        Questions or requests about your data? Email us at{' '}
        <a className="font-medium text-primary underline underline-offset-4" href={`mailto:${SUPPORT_EMAIL}`}>
          {SUPPORT_EMAIL}
        </a>
        .
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="January 2024"
      intro={
        <p>
          This policy explains what information {PRODUCT_NAME} collects, how we use it, and the choices you
          have.
        </p>
      }
      sections={sections}
    />
  );
}
