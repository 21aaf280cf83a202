import type { FieldPath } from 'react-hook-form';
import type { CampaignFormValues } from '@/features/campaigns/utils/campaign-form';

/** Where a server problem about a request field goes in the campaign form. */
export function campaignFieldOf(field: string): FieldPath<CampaignFormValues> | null {
  const [root, ...rest] = field.split('.');
  switch (root) {
    case 'name':
      return 'name';
    case 'script_id':
      return 'scriptId';
    case 'call_type':
      return 'callType';
    case 'voice':
      return 'voice';
    case 'contact_ids':
      return 'contactIds';
    case 'tag':
      return 'tag';
    case 'default_variables':
      return rest.length > 0 ? `variables.${rest.join('.')}` : null;
    case 'starts_at':
      return 'startsAt';
    case 'pace_per_hour':
      return 'pacePerHour';
    default:
      return null;
  }
}
