import { type KeyboardEvent, useRef } from 'react';
import type { CaseStatusFilter } from '../../../gql/graphql';
import type { StatusTab } from '../hooks/use-status-tab';

// The status tabs as an ARIA tablist driving one list panel; arrow keys move between tabs.

interface StatusTabsProps {
  tabs: StatusTab[];
  current: CaseStatusFilter;
  panelId: string;
  onSelect(value: CaseStatusFilter): void;
}

export function StatusTabs({ tabs, current, panelId, onSelect }: StatusTabsProps) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const target =
      event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : (index + delta + tabs.length) % tabs.length;
    if (delta === 0 && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const tab = tabs[target];
    if (!tab) return;
    onSelect(tab.value);
    refs.current[target]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Consult status"
      className="flex gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1 dark:bg-slate-800"
    >
      {tabs.map((tab, index) => {
        const selected = tab.value === current;
        return (
          <button
            key={tab.value}
            ref={(node) => {
              refs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`consult-tab-${tab.value}`}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={`shrink-0 rounded-lg px-3 py-2 sm:px-3.5 text-sm font-medium whitespace-nowrap transition-colors ${
              selected
                ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
                : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
            }`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
