import { useApolloClient, useSubscription } from '@apollo/client/react';
import { conversationActivitySubscription } from '../api/conversation-activity';

/**
 * Keeps the unread badges live on the pages that list cases (mount it once per page; it renders
 * nothing). Each event carries the case with its new unreadMessages, which Apollo merges into the cached
 * case wherever a list shows it, and the user's total, written into the cached dashboard stats. With the
 * socket down the lists' own polling brings the same fields.
 */
export function ConversationActivity() {
  const client = useApolloClient();
  useSubscription(conversationActivitySubscription, {
    onData: ({ data }) => {
      const activity = data.data?.myConversationsChanged;
      if (!activity) return;
      client.cache.modify({
        id: 'ROOT_QUERY',
        fields: {
          dashboardStats: (existing: unknown) =>
            existing && typeof existing === 'object'
              ? { ...(existing as object), unreadMessages: activity.unreadTotal }
              : existing,
        },
      });
    },
  });
  return null;
}
