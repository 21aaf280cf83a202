import { SUPPORT_EMAIL, SUPPORT_REPLY_HOURS, TRIAL_CALLS } from '@callwise/shared/product';
import { BookOpenIcon, CreditCardIcon, MailIcon, MessageCircleIcon, MicIcon, SearchIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';

const topics = [
  {
    icon: BookOpenIcon,
    title: 'Getting Started',
    description: 'Add your contacts, write a script and schedule your first call.',
  },
  {
    icon: MicIcon,
    title: 'Scripts and Voices',
    description: 'Personalise calls with variables and pick the right voice for each message.',
  },
  {
    icon: CreditCardIcon,
    title: 'Billing and Plans',
    description: 'How the free trial, monthly plans and extra calls are billed.',
  },
];

const faqs = [
  {
    question: 'How do I schedule my first call?',
    answer:
      'Open the Dashboard and choose Schedule Call. Enter the recipient, the message and a time, pick a voice, and preview it before you confirm.',
  },
  {
    question: 'Which variables can I use in a script?',
    answer:
      'Use {{name}}, {{date}} and {{time}}. They are filled in for each recipient when the call is placed.',
  },
  {
    question: 'What happens when someone does not answer?',
    answer:
      'Busy and unanswered calls are retried automatically, inside polite calling hours in the recipient’s time zone.',
  },
  {
    question: 'What is included in the free trial?',
    answer: `${TRIAL_CALLS} real calls with every voice and feature, including the API. No credit card is required.`,
  },
];

export default function HelpPage() {
  return (
    <div className="grid grid-cols-1 gap-8">
      <section
        aria-label="Search help"
        className="rounded-xl border bg-gradient-to-br from-primary-soft to-background p-6 sm:p-8"
      >
        <p className="text-xl font-semibold tracking-tight">How can we help?</p>
        <p className="mt-1 text-sm text-muted-foreground">Search the guides or browse the topics below.</p>
        <div className="relative mt-5 max-w-xl">
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search help"
            placeholder="Search for answers..."
            className="bg-background pl-9"
          />
        </div>
      </section>

      <section aria-labelledby="topics-heading" className="grid gap-4">
        <h2 id="topics-heading" className="text-lg font-semibold tracking-tight">
          Popular topics
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          {topics.map((topic) => (
            <Card key={topic.title} className="gap-0">
              <CardHeader>
                <span className="mb-2 flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
                  <topic.icon aria-hidden="true" className="size-5" />
                </span>
                <CardTitle>{topic.title}</CardTitle>
                <CardDescription className="leading-relaxed">{topic.description}</CardDescription>
              </CardHeader>
            </Card>
          ))}
        </div>
      </section>

      <section aria-labelledby="faq-heading" className="grid gap-4">
        <h2 id="faq-heading" className="text-lg font-semibold tracking-tight">
          Frequently asked questions
        </h2>
        <Card className="gap-0 py-0">
          <dl className="divide-y">
            {faqs.map((faq) => (
              <div key={faq.question} className="px-6 py-5">
                <dt className="font-medium">{faq.question}</dt>
                <dd className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{faq.answer}</dd>
              </div>
            ))}
          </dl>
        </Card>
      </section>

      <section aria-label="Contact support">
        <EmptyState
          icon={MessageCircleIcon}
          title="Still need help?"
          description={`Our support team replies within about ${SUPPORT_REPLY_HOURS} hours.`}
          className="border-solid"
          action={
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button asChild>
                <a href={`mailto:${SUPPORT_EMAIL}`}>
                  <MailIcon aria-hidden="true" />
                  Email Support
                </a>
              </Button>
              <Button variant="outline" disabled>
                <MessageCircleIcon aria-hidden="true" />
                Live Chat
              </Button>
            </div>
          }
        />
      </section>
    </div>
  );
}
