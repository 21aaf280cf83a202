import { SUPPORT_EMAIL, SUPPORT_REPLY_HOURS } from '@callwise/shared/product';
import {
  BookOpenIcon,
  CheckIcon,
  CreditCardIcon,
  MailIcon,
  MessageCircleIcon,
  MicIcon,
  SearchXIcon,
  ShieldCheckIcon,
} from 'lucide-react';
import { type ReactNode, useDeferredValue, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { SearchField } from '@/components/search-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ContactFormDialog } from '@/features/help/components/contact-form-dialog';
import { type HelpTopic, searchHelp } from '@/features/help/utils/help-content';
import { cn } from '@/lib/utils';

const TOPIC_ICONS: Record<HelpTopic['id'], typeof BookOpenIcon> = {
  'getting-started': BookOpenIcon,
  'scripts-and-voices': MicIcon,
  'billing-and-plans': CreditCardIcon,
};

/**
 * Help (product spec section 2): search over the topics, articles and questions, three topic cards, the
 * articles (consent), four questions,
 * Email Support (a mailto link) and Send a Message (a contact form answered by e-mail; the spec's "Live Chat",
 * named for what it is). In the workspace for a signed-in user, public otherwise.
 */
/** One part of the help page's results: a heading (`<id>-heading`) and what is under it. */
function HelpSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function HelpPage() {
  const { status, user } = useAuth();
  const inWorkspace = status === 'signed-in';
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const { topics, articles, faqs } = searchHelp(deferredQuery);
  const searching = deferredQuery.trim() !== '';
  const found = topics.length + articles.length + faqs.length;
  const [chatOpen, setChatOpen] = useState(false);
  // "Contact Us" (the public footer) comes here as /help#contact: the contact form opens, on each arrival.
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: every arrival (key), even at the same address.
  useEffect(() => {
    if (hash === '#contact') setChatOpen(true);
  }, [hash, key]);
  const name = [user?.user_metadata.first_name, user?.user_metadata.last_name].filter(Boolean).join(' ');

  const search = (
    <section
      aria-labelledby="help-search-heading"
      className={cn(
        'rounded-xl border bg-gradient-to-br from-primary-soft to-background p-6 sm:p-8',
        !inWorkspace && 'text-center',
      )}
    >
      {inWorkspace ? (
        <h2 id="help-search-heading" className="text-xl font-semibold tracking-tight">
          How can we help?
        </h2>
      ) : (
        <h1 id="help-search-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          How can we help?
        </h1>
      )}
      <p className={cn('mt-1 text-muted-foreground', inWorkspace ? 'text-sm' : 'mt-3 text-lg')}>
        Search the guides and questions, or browse the topics below.
      </p>
      <SearchField
        aria-label="Search help"
        placeholder="Search for answers..."
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        className={cn('mt-5 max-w-xl [&_input]:bg-background', !inWorkspace && 'mx-auto')}
      />
      <p role="status" className="sr-only">
        {searching ? `${found} ${found === 1 ? 'result' : 'results'} for ${deferredQuery.trim()}` : ''}
      </p>
    </section>
  );

  return (
    <div
      className={cn(
        'grid grid-cols-1 gap-10',
        !inWorkspace && 'mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 lg:py-16',
      )}
    >
      {search}

      {searching && found === 0 && (
        <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-12 text-center">
          <SearchXIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          <h2 className="mt-3 font-semibold">No results for “{deferredQuery.trim()}”</h2>
          <p className="mt-1 max-w-sm text-sm text-muted-foreground">
            Try other words, or ask our support team below.
          </p>
          <Button variant="outline" size="sm" className="mt-4" onClick={() => setQuery('')}>
            Clear search
          </Button>
        </div>
      )}

      {topics.length > 0 && (
        <HelpSection id="topics" title={searching ? 'Matching topics' : 'Popular topics'}>
          <div className="grid gap-4 md:grid-cols-3">
            {topics.map((topic) => {
              const Icon = TOPIC_ICONS[topic.id];
              return (
                <Card key={topic.id} data-testid="help-topic" className="gap-4">
                  <CardHeader>
                    <span className="mb-2 flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
                      <Icon aria-hidden="true" className="size-5" />
                    </span>
                    <CardTitle as="h3">{topic.title}</CardTitle>
                    <CardDescription className="leading-relaxed">{topic.description}</CardDescription>
                  </CardHeader>
                  <CardContent>
                    <ul className="grid gap-2 text-sm">
                      {topic.steps.map((step) => (
                        <li key={step} className="flex gap-2">
                          <CheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                          <span>{step}</span>
                        </li>
                      ))}
                    </ul>
                  </CardContent>
                </Card>
              );
            })}
          </div>
        </HelpSection>
      )}

      {articles.length > 0 && (
        <HelpSection id="articles" title={searching ? 'Matching articles' : 'Articles'}>
          {articles.map((article) => (
            <Card key={article.id} data-testid="help-article" className="gap-4">
              <article aria-labelledby={`help-article-${article.id}`} className="grid gap-4">
                <CardHeader>
                  <span className="mb-2 flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
                    <ShieldCheckIcon aria-hidden="true" className="size-5" />
                  </span>
                  <CardTitle as="h3" id={`help-article-${article.id}`}>
                    {article.title}
                  </CardTitle>
                  <CardDescription className="leading-relaxed">{article.summary}</CardDescription>
                </CardHeader>
                <CardContent className="grid gap-4 md:grid-cols-2">
                  {article.sections.map((section) => (
                    <div key={section.heading} className="grid gap-1">
                      <h4 className="text-sm font-semibold">{section.heading}</h4>
                      <p className="text-sm leading-relaxed text-muted-foreground">{section.body}</p>
                    </div>
                  ))}
                </CardContent>
              </article>
            </Card>
          ))}
        </HelpSection>
      )}

      {faqs.length > 0 && (
        <HelpSection id="faq" title={searching ? 'Matching questions' : 'Frequently asked questions'}>
          <Card className="gap-0 py-0">
            <dl className="divide-y">
              {faqs.map((faq) => (
                <div key={faq.question} data-testid="help-faq" className="px-6 py-5">
                  <dt className="font-medium">{faq.question}</dt>
                  <dd className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{faq.answer}</dd>
                </div>
              ))}
            </dl>
          </Card>
        </HelpSection>
      )}

      <section
        id="contact"
        aria-labelledby="contact-heading"
        className="scroll-mt-20 flex flex-col items-center rounded-xl border bg-card px-6 py-10 text-center"
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
          <MessageCircleIcon aria-hidden="true" className="size-6" />
        </span>
        <h2 id="contact-heading" className="mt-4 text-lg font-semibold">
          Still need help?
        </h2>
        <p className="mt-1.5 max-w-md text-sm text-muted-foreground">
          Our support team replies in about {SUPPORT_REPLY_HOURS} hours. Write to us by e-mail, or send a
          message right here.
        </p>
        <div className="mt-6 flex w-full flex-col justify-center gap-2 sm:w-auto sm:flex-row">
          <Button asChild>
            <a href={`mailto:${SUPPORT_EMAIL}`}>
              <MailIcon aria-hidden="true" />
              Email Support
            </a>
          </Button>
          <Button variant="outline" onClick={() => setChatOpen(true)}>
            <MessageCircleIcon aria-hidden="true" />
            Send a Message
          </Button>
        </div>
      </section>

      <ContactFormDialog
        open={chatOpen}
        onOpenChange={setChatOpen}
        defaults={user ? { name, email: user.email } : undefined}
      />
    </div>
  );
}
