import { graphql } from '../../../gql/gql';

/** The signed-in user's unread count of a case moved: the badges follow without a request. */
export const conversationActivitySubscription = graphql(`
  subscription ConversationActivity {
    myConversationsChanged {
      caseUuid
      kind
      case {
        id
        unreadMessages
      }
      unreadTotal
    }
  }
`);
