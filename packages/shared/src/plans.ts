export const PLAN_IDS = ['trial', 'starter', 'professional', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** Monthly price in US dollars; 0 for the trial. */
  price: number;
  period: string;
  description: string;
  /** Calls included: per month for paid plans, in total for the trial. */
  callsIncluded: number;
  /** How many of the voices the plan may use; null means all. */
  voices: number | null;
  apiAccess: boolean;
  features: string[];
  popular: boolean;
}

export const PLANS: Record<PlanId, Plan> = {
  trial: {
    id: 'trial',
    name: 'Free Trial',
    price: 0,
    period: 'one time',
    description: 'Try every feature with 10 real calls. No credit card required.',
    callsIncluded: 10,
    voices: null,
    apiAccess: true,
    features: ['10 AI calls included', 'All voices', 'API access', 'No credit card required'],
    popular: false,
  },
  starter: {
    id: 'starter',
    name: 'Starter',
    price: 29,
    period: 'month',
    description: 'For a single location getting started with automated calls.',
    callsIncluded: 100,
    voices: 3,
    apiAccess: false,
    features: ['100 calls per month', '3 AI voices', 'Call history and analytics', 'Email support'],
    popular: false,
  },
  professional: {
    id: 'professional',
    name: 'Professional',
    price: 79,
    period: 'month',
    description: 'For growing businesses that call customers every day.',
    callsIncluded: 500,
    voices: 5,
    apiAccess: true,
    features: [
      '500 calls per month',
      '5 AI voices',
      'API access',
      'Campaigns and CSV import',
      'Priority support',
    ],
    popular: true,
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    price: 199,
    period: 'month',
    description: 'For multi-location businesses and agencies.',
    callsIncluded: 2000,
    voices: null,
    apiAccess: true,
    features: ['2,000 calls per month', 'All AI voices', 'API access', 'White-label', 'SLA'],
    popular: false,
  },
};

export const PAID_PLANS: Plan[] = [PLANS.starter, PLANS.professional, PLANS.enterprise];

/** The voices a plan may use: the first `voices` of the catalogue, or all of them. */
export function planAllowsVoice(plan: PlanId, voiceIndex: number): boolean {
  const limit = PLANS[plan].voices;
  return limit === null || voiceIndex < limit;
}

/** A plan's id from what the database holds; anything unknown is treated as the trial. */
export function planIdOf(value: string): PlanId {
  return (PLAN_IDS as readonly string[]).includes(value) ? (value as PlanId) : 'trial';
}
