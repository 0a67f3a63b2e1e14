import { Link } from 'react-router-dom';
import { Icon } from '../../../components/ui/icon';
import type { ThreadConversation } from '../hooks/thread-messages';

// Where a reader cannot write, the thread says why (the server's own words) and, on a closed thread,
// where the exchange goes on: its newest revisit, or for its veterinarian, a new revisit.

export function ConversationNotice({
  conversation,
  caseUuid,
  canRevisit,
}: {
  conversation: ThreadConversation;
  caseUuid: string;
  canRevisit: boolean;
}) {
  if (conversation.writable || !conversation.note) return null;
  const revisit = conversation.latestRevisit;
  return (
    <div
      role="note"
      className="mt-3 flex flex-col gap-2 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-200"
    >
      <p className="flex items-start gap-2">
        <Icon name="lock-closed-solid" className="mt-0.5 size-4 shrink-0 text-slate-500 dark:text-slate-400" />
        <span>{conversation.note}</span>
      </p>
      {conversation.state === 'closed' && revisit ? (
        <Link
          to={`/consults/${revisit.uuid}`}
          className="shrink-0 font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          Continue in {revisit.label} (#{revisit.displayId})
        </Link>
      ) : conversation.state === 'closed' && canRevisit ? (
        <Link
          to={`/consults/revisit/${caseUuid}`}
          className="shrink-0 font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          Revisit this case
        </Link>
      ) : null}
    </div>
  );
}
