import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { meQueryOptions } from '@/features/settings/api/get-me';
import { BuyNumberForm, EnterNumberForm } from '@/features/settings/components/business-number-forms';
import { CurrentNumber, Note } from '@/features/settings/components/business-number-parts';
import { TwilioNumberList } from '@/features/settings/components/twilio-number-list';

/**
 * Settings → Assistant: the number callers call. With Twilio, one of the Twilio account's numbers is assigned
 * here — picked from the list, typed, or bought — and configured to reach the assistant; with the simulated
 * carrier the account has a fictional number and the card says so.
 */
export function BusinessNumberCard({ number }: { number: string | null }) {
  const me = useQuery(meQueryOptions());
  const carrier = me.data?.carrier;
  return (
    <Card role="region" aria-labelledby="assistant-number-heading">
      <CardHeader>
        <CardTitle as="h2" id="assistant-number-heading">
          Business number
        </CardTitle>
        <CardDescription>
          {number
            ? 'Callers who call this number reach the assistant. It answers their questions, puts them through to you or takes a message.'
            : carrier === 'twilio'
              ? 'No business number is assigned to your account yet, so nobody can call the assistant. Pick one of your Twilio numbers, enter one, or buy one.'
              : 'No business number is assigned to your account yet, so nobody can call the assistant. Once one is assigned it shows here.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-5">
        {number && <CurrentNumber number={number} />}
        {carrier === 'simulator' && (
          <Note testId="business-number-simulated">
            This is a fictional number from the simulated carrier: no phone can call it. Try the assistant
            with a simulated call below. With Twilio, you assign one of your Twilio numbers here.
          </Note>
        )}
        {carrier === 'twilio' && (
          <>
            <TwilioNumberList />
            <EnterNumberForm />
            <BuyNumberForm current={number} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
