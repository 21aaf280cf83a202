import { useParams } from 'react-router';
import { UnsubscribePage } from '@/features/unsubscribe/components/unsubscribe-page';

/** /u/:token: the customer's page that stops a business's calls, texts and e-mails, from the link in its e-mails. */
export default function UnsubscribeRoute() {
  const { token = '' } = useParams();
  // Another token is another person's page: nothing of the last one's state carries over.
  return <UnsubscribePage key={token} token={token} />;
}
