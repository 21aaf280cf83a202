import { consentProblem, consentSummary } from '@callwise/shared/calling-rules';
import type { CallType } from '@callwise/shared/calls';
import { formatPhone } from '@callwise/shared/phone';
import type { Contact } from '@callwise/shared/schemas/contacts';
import { ShieldAlertIcon } from 'lucide-react';
import { ContactOptionLine, PickedContactCard, useContactSearchBox } from '@/components/contact-search-field';
import { SearchCombobox } from '@/components/search-combobox';
import { Badge } from '@/components/ui/badge';
import { FormField, fieldMessageId } from '@/components/ui/form-field';

const ID = 'schedule-contact';

/**
 * Call one of your contacts: search them by name, phone, e-mail or company and pick one; the recipient's name
 * and number then come from the contact. Clearing the contact goes back to typing them. The search box gives
 * way to the chosen contact's card: the focus goes with it, to the card's Clear button.
 */
export function ContactPicker({
  contact,
  callType,
  loading,
  onSelect,
  onClear,
}: {
  /** The picked contact; null while typing a recipient. */
  contact: Contact | null;
  /** The kind of call chosen: a contact without the consent it needs is marked, with the reason. */
  callType: CallType;
  /** A contact from the address (Call Now) is being loaded. */
  loading: boolean;
  onSelect: (contact: Contact) => void;
  onClear: () => void;
}) {
  const box = useContactSearchBox(contact);

  const problemOf = (item: Contact) =>
    consentProblem(callType, { consent: item.consent, existingCustomer: item.existing_customer });

  if (contact) {
    const problem = problemOf(contact);
    return (
      <PickedContactCard
        contact={contact}
        detail={contact.company ? ` · ${contact.company}` : ''}
        aside={
          <Badge
            variant={problem ? 'warning' : 'secondary'}
            className="hidden shrink-0 min-[400px]:inline-flex"
            data-testid="picked-contact-consent"
          >
            {consentSummary(contact)}
          </Badge>
        }
        clearButton={box.clearButton}
        onClear={() => {
          box.setQuery('');
          onClear();
        }}
      >
        {problem && (
          <p
            className="flex items-start gap-2 text-[0.8125rem] text-warning-soft-foreground"
            data-testid="picked-contact-problem"
          >
            <ShieldAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              <span className="font-medium">{consentSummary(contact)}:</span> {problem}
            </span>
          </p>
        )}
      </PickedContactCard>
    );
  }

  return (
    <FormField
      id={ID}
      label="Choose a contact"
      description={loading ? 'Loading the contact...' : 'Or type the name and number below.'}
    >
      <SearchCombobox<Contact>
        id={ID}
        {...box.boxProps}
        items={box.search.data?.data ?? []}
        getText={(item) =>
          `${item.name}, ${formatPhone(item.phone)}${problemOf(item) ? `, ${consentSummary(item)}: cannot receive this call` : ''}`
        }
        renderItem={(item) => {
          const problem = problemOf(item);
          return (
            <span className="grid min-w-0 gap-0.5">
              <ContactOptionLine contact={item} />
              {problem && (
                <span
                  className="flex items-center gap-1 text-xs text-warning-soft-foreground"
                  title={problem}
                >
                  <ShieldAlertIcon aria-hidden="true" className="size-3.5 shrink-0" />
                  {callType === 'promotional' ? 'No marketing consent' : 'No consent'}: cannot receive this
                  call
                </span>
              )}
            </span>
          );
        }}
        onSelect={(item) => {
          box.choose();
          onSelect(item);
        }}
        describedBy={fieldMessageId(ID)}
      />
    </FormField>
  );
}
