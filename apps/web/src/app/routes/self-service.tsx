import { useParams } from 'react-router';
import { SelfServicePage } from '@/features/self-service/components/self-service-page';

/** /a/:token: the customer's page of their appointment, from the link in their reminder. */
export default function SelfServiceRoute() {
  const { token = '' } = useParams();
  // A new token (after a move) is a new page: nothing of the old one's state carries over but the message.
  return <SelfServicePage token={token} />;
}
