import { consentProblem } from '@callwise/shared/calling-rules';
import { useScriptOptions } from '@/features/campaigns/api/get-script-options';
import { useContactTags, useTagConsentGaps } from '@/features/campaigns/api/search-contacts';
import type { ChosenContact } from '@/features/campaigns/components/contact-chooser';
import { type CampaignFormValues, valueVariables } from '@/features/campaigns/utils/campaign-form';
import { plural } from '@/features/campaigns/utils/campaign-labels';
import { formatDateTime, parseLocalInputValue } from '@/lib/dates';

/**
 * What the campaign being written comes to: its script, who and how many it calls, how many of them the calling
 * rules would skip for want of consent (asked of the server for a tag once `confirming`), the start and the pace.
 */
export function useCampaignDraft(
  values: CampaignFormValues,
  chosen: Map<string, ChosenContact>,
  confirming: boolean,
) {
  const scripts = useScriptOptions();
  const tags = useContactTags();
  const needed = valueVariables(values.scriptContent ?? '');
  const script = (scripts.data?.data ?? []).find((item) => item.id === values.scriptId) ?? null;
  const tagCount = (tags.data ?? []).find((item) => item.tag === values.tag)?.count ?? 0;
  const calls = values.audience === 'tag' ? tagCount : chosen.size;
  // Who the calling rules would skip for want of consent, said before the campaign is created.
  const tagGaps = useTagConsentGaps(
    values.tag ?? '',
    values.callType,
    confirming && values.audience === 'tag',
  );
  const consentGaps =
    values.audience === 'tag'
      ? tagGaps.data
      : [...chosen.values()].filter((contact) =>
          consentProblem(values.callType, {
            consent: contact.consent,
            existingCustomer: contact.existing_customer,
          }),
        ).length;
  const pace = Number(values.pacePerHour);
  const paceValid = values.paced && Number.isInteger(pace) && pace > 0;
  const when = values.start === 'later' ? parseLocalInputValue(values.startsAt ?? '') : null;
  const whenText = when && when.getTime() > Date.now() ? formatDateTime(when) : 'Now';
  const audienceText =
    values.audience === 'tag'
      ? `Everyone tagged “${values.tag}” (${plural(tagCount, 'contact')})`
      : `${plural(chosen.size, 'chosen contact')}`;
  return { needed, script, tagCount, calls, consentGaps, pace, paceValid, whenText, audienceText };
}

export type CampaignDraft = ReturnType<typeof useCampaignDraft>;
