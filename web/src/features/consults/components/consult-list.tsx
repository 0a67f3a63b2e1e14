import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/empty-state';
import { INPUT_CLASS } from '../../../components/ui/form-field';
import { Icon } from '../../../components/ui/icon';
import { CONSULTS_PAGE_SIZE, useMyCases } from '../api/my-cases';
import { type StatusTab, useStatusTab } from '../hooks/use-status-tab';
import { ConsultCard } from './consult-card';
import { StatusTabs } from './status-tabs';

// SPEC §2 /consults: search, status tabs and the case cards, kept live by the cases subscription.

const SEARCH_DEBOUNCE_MS = 300;

function emptyText(search: string, tab: StatusTab): string {
  if (search) return `No consults found matching "${search}"${tab.noun ? ` in ${tab.noun} consults` : ''}`;
  return tab.noun ? `No ${tab.noun} consults found.` : 'No consults found.';
}

export function ConsultList({ viewer }: { viewer: 'vet' | 'specialist' }) {
  const { tabs, current, select } = useStatusTab(viewer === 'vet');
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const panelId = useId();
  const searchId = useId();

  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(input.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [input]);

  const cases = useMyCases(search, current.value);

  const list = cases.data?.myCases ?? [];
  const [loadingMore, setLoadingMore] = useState(false);
  const hasMore = list.length > 0 && list.length % CONSULTS_PAGE_SIZE === 0;

  const loadMore = async () => {
    const last = list.at(-1);
    if (!last) return;
    setLoadingMore(true);
    try {
      await cases.fetchMore({
        variables: { after: last.uuid },
        updateQuery: (previous, { fetchMoreResult }) => {
          if (!fetchMoreResult) return previous;
          const seen = new Set(previous.myCases.map((c) => c.uuid));
          return { myCases: [...previous.myCases, ...fetchMoreResult.myCases.filter((c) => !seen.has(c.uuid))] };
        },
      });
    } finally {
      setLoadingMore(false);
    }
  };

  const firstLoad = !cases.data && cases.loading;

  return (
    <section aria-labelledby="consult-list-heading">
      <div className="mb-4 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <h2 id="consult-list-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {viewer === 'vet' ? 'Your Consults' : 'Assigned Cases'}
        </h2>
        <div className="relative w-full md:max-w-lg">
          <label htmlFor={searchId} className="sr-only">
            Search consults
          </label>
          <Icon
            name="magnifying-glass-solid"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            id={searchId}
            type="search"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            placeholder="Search by pet name, family name, species, breed, or case ID..."
            className={`${INPUT_CLASS} border-slate-300 pl-9 dark:border-slate-700`}
          />
        </div>
      </div>
      <StatusTabs tabs={tabs} current={current.value} panelId={panelId} onSelect={select} />
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={`consult-tab-${current.value}`}
        aria-busy={cases.loading || undefined}
        className="mt-5"
      >
        {firstLoad ? (
          <LoadingState label="Loading consults..." />
        ) : cases.error && !cases.data ? (
          <ErrorState
            title="Failed to fetch consults"
            detail={cases.error.message}
            onRetry={() => void cases.refetch()}
          />
        ) : list.length === 0 ? (
          <EmptyState title={emptyText(search, current)} />
        ) : (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Consults">
              {list.map((kase) => (
                <li key={kase.uuid}>
                  <ConsultCard kase={kase} viewer={viewer} />
                </li>
              ))}
            </ul>
            {hasMore ? (
              <div className="mt-6 flex justify-center">
                <Button variant="secondary" onClick={() => void loadMore()} busy={loadingMore}>
                  Load more
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
