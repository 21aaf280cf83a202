import { describe, expect, it } from 'vitest';
import { planChangeMode, SIMULATED_BILLING_TEXT } from '@/features/billing/utils/billing-modes';
import { CHECKOUT_PARAM, checkoutOutcome, withoutCheckout } from '@/features/billing/utils/checkout-return';
import { INVOICE_STATUS_LABELS, invoiceNumber } from '@/features/billing/utils/invoices';

describe('planChangeMode', () => {
  it('is simulated with the local provider, whatever the plan', () => {
    expect(planChangeMode('local', 'trial')).toBe('simulated');
    expect(planChangeMode('local', 'starter')).toBe('simulated');
  });

  it('goes through the checkout from the trial with Stripe, and charges the card on file from a paid plan', () => {
    expect(planChangeMode('stripe', 'trial')).toBe('checkout');
    expect(planChangeMode('stripe', 'professional')).toBe('card');
  });

  it('never promises a charge while billing is simulated', () => {
    expect(SIMULATED_BILLING_TEXT).toBe('Billing is simulated on this installation: no payment is taken.');
    expect(SIMULATED_BILLING_TEXT).not.toMatch(/charged/i);
  });
});

describe('checkout return', () => {
  it('reads success and canceled, and ignores anything else', () => {
    expect(checkoutOutcome(new URLSearchParams('checkout=success'))).toBe('success');
    expect(checkoutOutcome(new URLSearchParams('checkout=canceled'))).toBe('canceled');
    expect(checkoutOutcome(new URLSearchParams('checkout=maybe'))).toBeNull();
    expect(checkoutOutcome(new URLSearchParams(''))).toBeNull();
  });

  it('removes only its own parameter', () => {
    const params = new URLSearchParams('checkout=success&tab=plans');
    const next = withoutCheckout(params);
    expect(next.has(CHECKOUT_PARAM)).toBe(false);
    expect(next.get('tab')).toBe('plans');
    expect(params.has(CHECKOUT_PARAM)).toBe(true);
  });
});

describe('invoices', () => {
  it('names an invoice by its number, a draft without one', () => {
    expect(invoiceNumber({ number: 'CW-0001' })).toBe('CW-0001');
    expect(invoiceNumber({ number: null })).toBe('(draft)');
  });

  it('labels every status', () => {
    expect(Object.values(INVOICE_STATUS_LABELS)).toEqual(['Paid', 'Open', 'Void', 'Uncollectible', 'Draft']);
  });
});
