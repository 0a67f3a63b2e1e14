import { useSearchParams } from 'react-router-dom';
import type { CaseStatusFilter } from '../../../gql/graphql';

// SPEC §2 /consults tabs; `?status=` preselects one when it is pending, accepted, reviewed, draft or all.

export interface StatusTab {
  value: CaseStatusFilter;
  label: string;
  /** How the empty state names the tab: 'No {noun} consults found.' */
  noun: string;
  vetsOnly?: boolean;
}

export const STATUS_TABS: StatusTab[] = [
  { value: 'all', label: 'All', noun: '' },
  { value: 'draft', label: 'Drafts', noun: 'draft', vetsOnly: true },
  { value: 'pending', label: 'Pending', noun: 'pending' },
  { value: 'accepted', label: 'In Progress', noun: 'in progress' },
  { value: 'reviewed', label: 'Completed', noun: 'completed' },
];

const PRESELECTABLE = new Set<string>(['pending', 'accepted', 'reviewed', 'draft', 'all']);

export function useStatusTab(isVet: boolean) {
  const [params, setParams] = useSearchParams();
  const tabs = STATUS_TABS.filter((tab) => !tab.vetsOnly || isVet);
  const requested = params.get('status') ?? 'all';
  const current = tabs.find((tab) => tab.value === requested && PRESELECTABLE.has(requested)) ?? tabs[0];
  const select = (value: CaseStatusFilter) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === 'all') next.delete('status');
        else next.set('status', value);
        return next;
      },
      { replace: true },
    );
  };
  return { tabs, current: current as StatusTab, select };
}
