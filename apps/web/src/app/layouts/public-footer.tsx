import { PRODUCT_NAME, PRODUCT_TAGLINE, TRIAL_CALLS } from '@callwise/shared/product';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';

const productLinks = [
  { title: 'Features', href: paths.demo },
  { title: 'Pricing', href: paths.pricing },
  { title: 'About', href: paths.about },
];

/** Product spec: these are shown as plain text, without navigation. */
const resources = ['API', 'Help Center', 'Status', 'Blog'];
const company = ['Contact Us', 'Privacy'];

function FooterHeading({ children }: { children: string }) {
  return <h2 className="text-sm font-semibold text-foreground">{children}</h2>;
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
          <div className="grid content-start gap-3">
            <FooterHeading>Product</FooterHeading>
            <ul className="grid gap-2 text-sm">
              {productLinks.map((link) => (
                <li key={link.title}>
                  <Link
                    to={link.href}
                    className="rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    {link.title}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <div className="grid content-start gap-3">
            <FooterHeading>Resources</FooterHeading>
            <ul className="grid gap-2 text-sm text-muted-foreground">
              {resources.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <div className="grid content-start gap-3">
            <FooterHeading>Company</FooterHeading>
            <ul className="grid gap-2 text-sm text-muted-foreground">
              {company.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
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
