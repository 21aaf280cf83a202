import { MAX_CAMPAIGN_CONTACTS } from '@callwise/shared/schemas/campaigns';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FormSection } from '@/components/form-parts/form-section';
import { SelectField } from '@/components/form-parts/select-field';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { RadioGroup } from '@/components/ui/radio-group';
import { SelectContent, SelectItem } from '@/components/ui/select';
import { useContactTags } from '@/features/campaigns/api/search-contacts';
import { CampaignChoice } from '@/features/campaigns/components/campaign-choice';
import { type ChosenContact, ContactChooser } from '@/features/campaigns/components/contact-chooser';
import type { CampaignFormValues } from '@/features/campaigns/utils/campaign-form';
import { plural } from '@/features/campaigns/utils/campaign-labels';

/** Who the campaign calls: contacts chosen one by one, or everyone with a tag. */
export function CampaignWhoSection({
  form,
  values,
  chosen,
  onChoose,
  tagCount,
}: {
  form: UseFormReturn<CampaignFormValues>;
  values: CampaignFormValues;
  chosen: Map<string, ChosenContact>;
  onChoose: (chosen: Map<string, ChosenContact>) => void;
  /** How many contacts carry the chosen tag. */
  tagCount: number;
}) {
  const {
    control,
    formState: { errors },
  } = form;
  const tags = useContactTags();
  const tagList = tags.data ?? [];
  return (
    <FormSection
      id="campaign-section-who"
      title="Who"
      description={`Choose contacts one by one, or everyone with a tag (up to ${MAX_CAMPAIGN_CONTACTS.toLocaleString()}).`}
    >
      <Controller
        control={control}
        name="audience"
        render={({ field }) => (
          <RadioGroup
            value={field.value}
            onValueChange={field.onChange}
            aria-label="Who to call"
            className="grid gap-3 sm:grid-cols-2"
          >
            <CampaignChoice
              id="campaign-audience-contacts"
              value="contacts"
              label="Choose contacts"
              hint="Search and tick the contacts to call."
            />
            <CampaignChoice
              id="campaign-audience-tag"
              value="tag"
              label="Everyone with a tag"
              hint="Every contact carrying the tag when you create it."
            />
          </RadioGroup>
        )}
      />
      {values.audience === 'contacts' ? (
        <FormField id="campaign-contacts" label="Contacts" error={errors.contactIds?.message}>
          <ContactChooser
            id="campaign-contacts"
            chosen={chosen}
            onChange={onChoose}
            callType={values.callType}
            invalid={Boolean(errors.contactIds)}
            describedBy={errors.contactIds ? fieldMessageId('campaign-contacts') : undefined}
          />
        </FormField>
      ) : (
        <SelectField
          control={control}
          name="tag"
          id="campaign-tag"
          label="Tag"
          description={
            tags.data && tagList.length === 0
              ? 'None of your contacts has a tag yet: add tags on the Contacts page.'
              : values.tag
                ? `${plural(tagCount, 'contact')} with this tag.`
                : undefined
          }
          described={tagList.length === 0 || Boolean(values.tag)}
          placeholder="Choose a tag"
          loading={tags.isPending}
          disabled={tagList.length === 0}
          required
          triggerClassName="w-full sm:max-w-xs"
        >
          <SelectContent>
            {tagList.map((item) => (
              <SelectItem key={item.tag} value={item.tag} textValue={item.tag}>
                {item.tag}
                <span className="text-muted-foreground"> · {plural(item.count, 'contact')}</span>
              </SelectItem>
            ))}
          </SelectContent>
        </SelectField>
      )}
    </FormSection>
  );
}
