import {
  EXTRA_CALL_PRICE_USD,
  MINIMUM_AGE,
  NOTICE_DAYS,
  PRODUCT_NAME,
  SUPPORT_EMAIL,
  TRIAL_CALLS,
} from '@callwise/shared/product';
import { LegalDocument, type LegalSection } from '@/components/legal-document';

const sections: LegalSection[] = [
  {
    title: 'Acceptance of Terms',
    body: (
      <p>
        By creating an account or using {PRODUCT_NAME} (the “Service”), you agree to these Terms of Service.
        If you use the Service for a business, you accept them on its behalf and confirm you may do so. You
        must be at least {MINIMUM_AGE} years old, and of legal age to form a contract where you live.
      </p>
    ),
  },
  {
    title: 'Description of Service',
    body: (
      <p>
        {PRODUCT_NAME} lets businesses schedule and place automated phone calls spoken by synthetic voices,
        manage contacts and call scripts, record and review calls, and use a public API. Features may change
        as we improve the Service.
      </p>
    ),
  },
  {
    title: 'User Responsibilities',
    body: (
      <>
        <p>You are responsible for the calls you place through the Service. In particular you must:</p>
        <ul>
          <li>have the consent each law requires before calling someone, including for automated calls;</li>
          <li>honour do-not-call lists and every opt-out request, which the Service also records for you;</li>
          <li>keep your contact data accurate and your account credentials and API keys secret;</li>
          <li>follow the telemarketing, privacy and recording laws that apply to you and your recipients.</li>
        </ul>
      </>
    ),
  },
  {
    title: 'Prohibited Uses',
    body: (
      <>
        <p>You may not use the Service to:</p>
        <ul>
          <li>place calls that are fraudulent, harassing, threatening or deceptive;</li>
          <li>impersonate a person or organisation, or hide who is calling;</li>
          <li>call emergency services or numbers you have no right to call;</li>
          <li>send unsolicited marketing without the consent the law requires;</li>
          <li>interfere with, overload or try to gain unauthorised access to the Service.</li>
        </ul>
      </>
    ),
  },
  {
    title: 'Privacy',
    body: (
      <p>
        Our Privacy Policy explains what personal data we process and how. You act as the controller of the
        data about your contacts; we process it on your instructions to provide the Service.
      </p>
    ),
  },
  {
    title: 'Payment Terms',
    body: (
      <p>
        The free trial includes {TRIAL_CALLS} calls and needs no credit card. Paid plans are billed monthly in
        advance; calls beyond a plan’s allowance cost ${EXTRA_CALL_PRICE_USD.toFixed(2)} each. There are no
        setup fees. You may cancel at any time, effective at the end of the billing period. We give at least{' '}
        {NOTICE_DAYS} days’ notice of any price change.
      </p>
    ),
  },
  {
    title: 'Service Availability',
    body: (
      <p>
        We aim for 99.9% uptime but do not guarantee uninterrupted service. Calls depend on telephone carriers
        and may fail or be delayed for reasons outside our control. Planned maintenance is announced in
        advance where possible.
      </p>
    ),
  },
  {
    title: 'Limitation of Liability',
    body: (
      <p>
        To the extent the law allows, {PRODUCT_NAME} is not liable for indirect, incidental or consequential
        damages, or for lost profits or data. Our total liability for any claim is limited to the amount you
        paid us in the twelve months before the claim.
      </p>
    ),
  },
  {
    title: 'Termination',
    body: (
      <p>
        You may close your account at any time. We may suspend or end access if you breach these terms or use
        the Service in a way that harms others. After termination we delete your data as described in our
        Privacy Policy.
      </p>
    ),
  },
  {
    title: 'Changes to Terms',
    body: (
      <p>
        We may update these terms. For material changes we notify you at least {NOTICE_DAYS} days in advance
        by email or in the app. Continuing to use the Service after a change takes effect means you accept it.
      </p>
    ),
  },
  {
    title: 'Contact Information',
    body: (
      <p>
        Questions about these terms? Email us at{' '}
        <a className="font-medium text-primary underline underline-offset-4" href={`mailto:${SUPPORT_EMAIL}`}>
          {SUPPORT_EMAIL}
        </a>
        .
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated="January 2024"
      intro={
        <p>
          These terms govern your use of {PRODUCT_NAME}. Please read them carefully: they explain your rights
          and your responsibilities when you place automated calls.
        </p>
      }
      sections={sections}
    />
  );
}
