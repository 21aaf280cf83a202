import { PRODUCT_NAME, PRODUCT_TAGLINE, TRIAL_CALLS } from '@callwise/shared/product';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';

/** A footer entry: a link to its page, or plain text while there is no page for it (the blog). */
interface FooterItem {
  title: string;
  href?: string;
}

const productLinks: FooterItem[] = [
  { title: 'Features', href: paths.demo },
  { title: 'Pricing', href: paths.pricing },
  { title: 'About', href: paths.about },
];
const resources: FooterItem[] = [
  { title: 'API', href: paths.api },
  { title: 'Help Center', href: paths.help },
  { title: 'Status', href: paths.status },
  { title: 'Blog' },
];
const company: FooterItem[] = [
  // The Help page opens its contact form for this address.
  { title: 'Contact Us', href: `${paths.help}#contact` },
  { title: 'Privacy', href: paths.privacy },
];

function FooterHeading({ children }: { children: string }) {
  return <h2 className="text-sm font-semibold text-foreground">{children}</h2>;
}

function FooterList({ heading, items }: { heading: string; items: FooterItem[] }) {
  return (
    <div className="grid content-start gap-3">
      <FooterHeading>{heading}</FooterHeading>
      <ul className="grid gap-2 text-sm text-muted-foreground">
        {items.map((item) => (
          <li key={item.title}>
            {item.href ? (
              <Link
                to={item.href}
                className="rounded-sm outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                {item.title}
              </Link>
            ) : (
              item.title
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PublicFooter() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr_1fr]">
        <div className="max-w-xs">
          <Logo />
          <p className="mt-3 text-sm text-muted-foreground">
            {PRODUCT_TAGLINE}. Start with {TRIAL_CALLS} free calls, no credit card required.
          </p>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3 md:col-span-3">
          <FooterList heading="Product" items={productLinks} />
          <FooterList heading="Resources" items={resources} />
          <FooterList heading="Company" items={company} />
        </div>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-6 text-center text-xs text-muted-foreground sm:px-6 sm:text-left">
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
