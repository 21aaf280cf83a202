import { type Message, messageSchema, type SendMessageInput } from '@callwise/shared/schemas/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messagesQueryKey } from '@/features/messages/api/get-message-threads';
import { api } from '@/lib/api-client';

/** Sends a text to a number or a contact; the server answers with it queued, and the carrier's reports follow. */
export function sendMessage(input: SendMessageInput): Promise<Message> {
  return api.post('/messages', input, messageSchema);
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    meta: { errorTitle: 'Error sending message' },
    onSuccess: () => {
      // The conversation and the list of conversations (its last text, its order) both change.
      void queryClient.invalidateQueries({ queryKey: messagesQueryKey });
    },
  });
}
