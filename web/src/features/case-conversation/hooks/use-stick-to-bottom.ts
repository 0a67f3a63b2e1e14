import { useCallback, useLayoutEffect, useRef, useState } from 'react';

// The thread's scrolling: it opens at the newest message and follows new ones while the reader is at
// the bottom (or when the reader just sent one); a reader who scrolled up to read history is not moved,
// and is offered "N new messages" instead. Older pages loaded above keep what the reader was looking at
// in place.

/** Within this many pixels of the end counts as "at the bottom". */
const BOTTOM_SLACK_PX = 48;

export function useStickToBottom(messages: ReadonlyArray<{ id: number; authorId: number | null }>, viewerId: number) {
  const ref = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [isAtBottom, setIsAtBottom] = useState(true);
  const [newBelow, setNewBelow] = useState(0);
  const shown = useRef<{ first: number | null; last: number | null; height: number } | null>(null);

  const onScroll = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const near = element.scrollHeight - element.scrollTop - element.clientHeight <= BOTTOM_SLACK_PX;
    atBottom.current = near;
    setIsAtBottom(near);
    if (near) setNewBelow(0);
  }, []);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const first = messages[0]?.id ?? null;
    const last = messages.at(-1)?.id ?? null;
    const before = shown.current;
    if (before === null) {
      element.scrollTop = element.scrollHeight;
    } else if (first !== before.first && last === before.last) {
      // History was added above: keep the same messages under the reader's eyes.
      element.scrollTop += element.scrollHeight - before.height;
    } else if (last !== before.last) {
      const newest = messages.at(-1);
      if (atBottom.current || newest?.authorId === viewerId) {
        element.scrollTop = element.scrollHeight;
        atBottom.current = true;
        setIsAtBottom(true);
      } else {
        const previous = before.last ?? 0;
        setNewBelow((count) => count + messages.filter((message) => message.id > previous).length);
      }
    }
    shown.current = { first, last, height: element.scrollHeight };
  }, [messages, viewerId]);

  const scrollToBottom = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    element.scrollTo({ top: element.scrollHeight, behavior: 'smooth' });
    setNewBelow(0);
  }, []);

  return { ref, onScroll, isAtBottom, newBelow, scrollToBottom };
}
