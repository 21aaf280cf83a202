import { SUPPORT_EMAIL, SUPPORT_REPLY_HOURS } from '@callwise/shared/product';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** A link in a legal page's text. */
export const LEGAL_LINK_CLASS = 'font-medium text-primary underline underline-offset-4';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** A legal page: title, date, numbered sections with an in-page table of contents. */
export function LegalDocument({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  const anchor = (index: number) => `section-${index + 1}`;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 lg:py-16">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-3 text-sm text-muted-foreground">Last updated {updated}</p>
        <div className="mt-6 text-base leading-relaxed text-muted-foreground">{intro}</div>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[14rem_1fr]">
        <nav aria-label="On this page" className="sticky top-24 hidden self-start lg:block">
          <ol className="grid gap-1.5 text-sm">
            {sections.map((section, index) => (
              <li key={section.title}>
                <a
                  href={`#${anchor(index)}`}
                  className="block rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="grid max-w-3xl gap-8">
          {sections.map((section, index) => (
            <section key={section.title} id={anchor(index)} className="scroll-mt-24">
              <h2 className="text-lg font-semibold tracking-tight">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-2 space-y-3 leading-relaxed text-muted-foreground [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-1.5">
                {section.body}
              </div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}

/** The last section of a legal page: whom to write to about it (`question`), and how soon we reply. */
export function LegalContact({ question }: { question: string }) {
  return (
    <p>
      {question} Write to us at{' '}
      <a className={LEGAL_LINK_CLASS} href={`mailto:${SUPPORT_EMAIL}`}>
        {SUPPORT_EMAIL}
      </a>{' '}
      or use the contact form on our{' '}
      <Link to={paths.help} className={LEGAL_LINK_CLASS}>
        Help page
      </Link>
      . We reply within about {SUPPORT_REPLY_HOURS} hours.
    </p>
  );
}
