import { PLANS } from '@callwise/shared/plans';
import {
  API_RATE_LIMIT_PER_MINUTE,
  EXTRA_CALL_PRICE_USD,
  MINIMUM_AGE,
  NOTICE_DAYS,
  PRODUCT_NAME,
  RECORDING_RETENTION_DAYS,
  SUPPORT_EMAIL,
  TRIAL_CALLS,
} from '@callwise/shared/product';
import { Link } from 'react-router';
import {
  LEGAL_LINK_CLASS,
  LegalContact,
  LegalDocument,
  type LegalSection,
} from '@/components/legal-document';
import { paths } from '@/config/paths';

const usd = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value);
const count = (value: number) => new Intl.NumberFormat('en-US').format(value);

const paid = [PLANS.starter, PLANS.professional, PLANS.enterprise];

const sections: LegalSection[] = [
  {
    title: 'Acceptance of Terms',
    body: (
      <>
        <p>
          These Terms of Service (the “Terms”) are an agreement between you and {PRODUCT_NAME} (“we”, “us”)
          about your use of the {PRODUCT_NAME} website, web application and API (together, the “Service”). By
          creating an account, or by using the Service in any other way, you accept these Terms. If you use
          the Service for a business, you accept them on its behalf and confirm that you are authorised to do
          so.
        </p>
        <p>
          You must be at least {MINIMUM_AGE} years old to use the Service, and old enough to enter into a
          binding contract where you live. If you do not agree with these Terms, do not use the Service.
        </p>
      </>
    ),
  },
  {
    title: 'Description of Service',
    body: (
      <>
        <p>
          {PRODUCT_NAME} lets businesses place automated phone calls spoken by synthetic (AI) voices. With the
          Service you can:
        </p>
        <ul>
          <li>
            keep contacts and reusable call scripts with variables such as {'{{name}}'} and {'{{date}};'}
          </li>
          <li>schedule calls for a chosen time, or place them at once, in one of six voices;</li>
          <li>
            let the person called answer by keypress or by voice (confirm, cancel, reschedule, or stop further
            calls) and see each call’s status, outcome, duration, cost, transcript and recording;
          </li>
          <li>
            connect your own software through our API, limited to {API_RATE_LIMIT_PER_MINUTE} requests per
            minute per API key.
          </li>
        </ul>
        <p>
          Busy and unanswered calls are retried automatically. We improve the Service continually and may add,
          change or remove features; we will tell you in advance about changes that reduce what your plan
          includes.
        </p>
      </>
    ),
  },
  {
    title: 'User Responsibilities',
    body: (
      <>
        <p>
          You decide whom the Service calls and what is said, so you are responsible for every call placed
          from your account. In particular, you must:
        </p>
        <ul>
          <li>
            have the consent the law requires before calling someone, including prior express consent for
            automated or artificial-voice calls and prior express written consent for promotional calls, and
            record it on the contact;
          </li>
          <li>
            honour do-not-call lists: check numbers against the national and state do-not-call registries that
            apply to you, keep your own internal do-not-call list, and stop calling anyone who asks you to.
            Every call offers the person called a way to opt out (pressing 9 or saying so), and the Service
            records each opt-out in your call history;
          </li>
          <li>
            identify your business in your messages, call only at reasonable hours in the recipient’s time
            zone, and follow the telemarketing, consumer-protection and call-recording laws that apply to you
            and to the people you call (including where all parties must be told a call is recorded);
          </li>
          <li>keep your contact data accurate and up to date;</li>
          <li>
            keep your password and API keys secret, and tell us at once at {SUPPORT_EMAIL} if you think
            someone else has used them.
          </li>
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
          <li>place calls that are fraudulent, misleading, harassing, threatening or abusive;</li>
          <li>impersonate a person, business or government body, or hide or falsify who is calling;</li>
          <li>
            call emergency lines, hospital patient rooms, or numbers you have no right to call, or place calls
            to randomly or sequentially generated numbers;
          </li>
          <li>send marketing to people who have not given the consent the law requires;</li>
          <li>collect payment card numbers, passwords or other sensitive data from the people you call;</li>
          <li>
            interfere with, overload, probe or try to gain unauthorised access to the Service, or exceed its
            rate limits on purpose;
          </li>
          <li>resell or offer the Service to others without our written agreement.</li>
        </ul>
        <p>We may suspend calls that appear to break these rules while we look into them.</p>
      </>
    ),
  },
  {
    title: 'Privacy',
    body: (
      <p>
        Our{' '}
        <Link to={paths.privacy} className={LEGAL_LINK_CLASS}>
          Privacy Policy
        </Link>{' '}
        explains what personal data we process and how. For the data about the people you call (your contacts,
        messages, recordings and transcripts) you are the controller and we process it on your behalf, only to
        provide the Service. Call recordings are kept for {RECORDING_RETENTION_DAYS} days unless you delete
        them earlier.
      </p>
    ),
  },
  {
    title: 'Payment Terms',
    body: (
      <>
        <p>
          Every new account starts with a free trial of {TRIAL_CALLS} calls; no credit card is required and
          nothing is charged when it ends. The paid plans are:
        </p>
        <ul>
          {paid.map((plan) => (
            <li key={plan.id}>
              {plan.name}: {usd(plan.price)} per month, {count(plan.callsIncluded)} calls per month
            </li>
          ))}
        </ul>
        <p>
          Plans are billed monthly in advance. Calls beyond your plan’s monthly allowance cost{' '}
          {usd(EXTRA_CALL_PRICE_USD)} each and are billed with the next invoice. There are no setup fees, and
          prices do not include taxes, which are added where the law requires. You may cancel at any time; the
          cancellation takes effect at the end of the billing period already paid, and fees already paid are
          not refunded unless the law requires it. We announce any price change at least {NOTICE_DAYS} days
          before it applies to you.
        </p>
      </>
    ),
  },
  {
    title: 'Service Availability',
    body: (
      <p>
        We aim for 99.9% monthly availability but cannot promise that the Service will never be interrupted.
        Calls travel over telephone networks that we do not control, and may fail, be delayed or reach
        voicemail for reasons outside our control; the status of each call is shown in your call history. We
        announce planned maintenance in advance when we can. Enterprise customers may have a separate
        service-level agreement, which then takes precedence.
      </p>
    ),
  },
  {
    title: 'Limitation of Liability',
    body: (
      <>
        <p>
          The Service is provided “as is”. To the extent the law allows, {PRODUCT_NAME} is not liable for
          indirect, incidental, special or consequential damages, or for lost profits, revenue or data,
          arising from your use of the Service, and our total liability for any claim is limited to the amount
          you paid us in the twelve months before the claim.
        </p>
        <p>
          You agree to hold {PRODUCT_NAME} harmless from claims by the people you call, or by authorities,
          that result from calls you placed in breach of these Terms or of the law. Nothing in these Terms
          limits liability that cannot be limited by law.
        </p>
      </>
    ),
  },
  {
    title: 'Termination',
    body: (
      <p>
        You may stop using the Service and close your account at any time by writing to {SUPPORT_EMAIL}. We
        may suspend or close an account that breaks these Terms, that puts the people called or the Service at
        risk, or that stays unpaid; where we can, we will warn you first and give you a chance to put things
        right. When an account is closed, scheduled calls are cancelled and its data is deleted as described
        in our Privacy Policy. Sections that by their nature should survive (such as payment owed and
        limitation of liability) survive termination.
      </p>
    ),
  },
  {
    title: 'Changes to Terms',
    body: (
      <p>
        We may update these Terms as the Service and the law change. We will tell you about material changes
        by e-mail or in the app at least {NOTICE_DAYS} days before they take effect, and show the date of the
        latest version at the top of this page. If you keep using the Service after a change takes effect, you
        accept the updated Terms; if you do not agree, you may close your account before then.
      </p>
    ),
  },
  {
    title: 'Contact Information',
    body: <LegalContact question="Questions about these Terms?" />,
  },
];

export default function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated="January 2024"
      intro={
        <p>
          These Terms govern your use of {PRODUCT_NAME}. Please read them carefully: they explain your rights,
          and your responsibilities when you place automated calls to other people.
        </p>
      }
      sections={sections}
    />
  );
}
