import { type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DueClock, UrgencyTag } from '../../../components/ui/due-clock';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/empty-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { UnreadBadge } from '../../../components/ui/unread-badge';
import type { SpecialistCasesQuery } from '../../../gql/graphql';
import { formatRelativeTime, truncateTitle } from '../../../lib/case-display';
import { useAcceptAvailableCase } from '../../../lib/cases/accept-available-case';
import { useSpecialistCases } from '../api/specialist-cases';
import { REPORT_ACCEPT, useUploadReport } from '../api/upload-report';
import { CaseFilesModal } from './case-files-modal';

// /specialist-dashboard, the older specialist view (SPEC §2): counts and tabs for pending, active and
// completed cases; View Details, Accept Case and Upload Report; a files modal. It only logs errors.

type SpecialistCase = SpecialistCasesQuery['myCases'][number];
type TabKey = 'pending' | 'accepted' | 'reviewed';

const TABS: { key: TabKey; label: string; empty: string; hint?: string }[] = [
  {
    key: 'pending',
    label: 'Pending',
    empty: 'No pending cases',
    hint: 'There are currently no pending cases in your specialty area.',
  },
  { key: 'accepted', label: 'Active', empty: 'No active cases' },
  { key: 'reviewed', label: 'Completed', empty: 'No completed cases' },
];

function CaseRow({
  kase,
  onAccept,
  accepting,
  onUpload,
  uploading,
  onShowFiles,
}: {
  kase: SpecialistCase;
  onAccept(): void;
  accepting: boolean;
  onUpload(file: File): void;
  uploading: boolean;
  onShowFiles(): void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <li className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-slate-900 dark:text-white">{truncateTitle(kase.title)}</p>
          <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
            #{kase.displayId} · {kase.label} · From {kase.vet.name} · {formatRelativeTime(kase.createdAt)}
          </p>
        </div>
        <UnreadBadge count={kase.unreadMessages} />
        <UrgencyTag urgency={kase.urgency} />
        <DueClock dueAt={kase.dueAt} urgency={kase.urgency} status={kase.status} />
        <StatusBadge status={kase.status} label={kase.statusLabel} />
      </div>
      {kase.clinicalSigns ? (
        <p className="mt-3 line-clamp-2 text-sm text-slate-700 dark:text-slate-300">{kase.clinicalSigns}</p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <Link
          to={`/consults/${kase.uuid}`}
          className="inline-flex items-center rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          View Details
        </Link>
        <Button variant="ghost" className="px-3! py-1.5!" onClick={onShowFiles}>
          Files
        </Button>
        {kase.status === 'pending' ? (
          <Button className="px-3! py-1.5!" onClick={onAccept} busy={accepting}>
            Accept Case
          </Button>
        ) : null}
        {kase.status === 'accepted' ? (
          <>
            <input
              ref={fileInput}
              type="file"
              accept={REPORT_ACCEPT}
              className="sr-only"
              tabIndex={-1}
              aria-label={`Report file for case ${kase.displayId}`}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) onUpload(file);
                event.target.value = '';
              }}
            />
            <Button className="px-3! py-1.5!" onClick={() => fileInput.current?.click()} busy={uploading}>
              Upload Report
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}

export function SpecialistDashboard({
  name,
  specialty,
  children,
}: {
  name: string;
  specialty: string | null;
  /** Shown under the welcome header (the onboarding card). */
  children?: ReactNode;
}) {
  const cases = useSpecialistCases();
  const [acceptCase] = useAcceptAvailableCase(['SpecialistCases']);
  const { upload, uploading } = useUploadReport();
  const [tab, setTab] = useState<TabKey>('pending');
  const [accepting, setAccepting] = useState<string | null>(null);
  const [filesFor, setFilesFor] = useState<string | null>(null);

  const all = cases.data?.myCases ?? [];
  const byStatus = (key: TabKey) => all.filter((kase) => kase.status === key);
  const current = TABS.find((t) => t.key === tab) ?? TABS[0];
  const shown = byStatus(tab);

  const accept = async (uuid: string) => {
    setAccepting(uuid);
    try {
      await acceptCase({ variables: { uuid } });
    } catch (error) {
      console.error('Error accepting case', error);
    } finally {
      setAccepting(null);
    }
  };
  const uploadReport = async (uuid: string, file: File) => {
    try {
      await upload(uuid, file);
      await cases.refetch();
    } catch (error) {
      console.error('Error uploading report', error);
    }
  };

  return (
    <>
      <div className="mb-8 rounded-2xl bg-gradient-to-r from-brand-700 to-brand-600 p-6 text-white shadow-sm dark:from-brand-900 dark:to-brand-800">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Welcome, {name}</h1>
        <p className="mt-1.5 text-sm text-brand-50/90">
          {specialty ? `${specialty} specialist dashboard` : 'Specialist dashboard'}
        </p>
      </div>
      {children}
      <ul className="mb-6 grid grid-cols-3 gap-3 sm:gap-4">
        {TABS.map((t) => (
          <li key={t.key}>
            <Card className="p-4 sm:p-5">
              <p className="text-xs font-medium text-slate-600 sm:text-sm dark:text-slate-400">{t.label}</p>
              <p
                className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white"
                data-testid={`count-${t.key}`}
              >
                {cases.data ? byStatus(t.key).length : '–'}
              </p>
            </Card>
          </li>
        ))}
      </ul>
      <Card className="p-5 sm:p-6">
        <div
          role="tablist"
          aria-label="Case status"
          className="flex gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800"
        >
          {TABS.map((t) => (
            <button
              key={t.key}
              type="button"
              role="tab"
              id={`specialist-tab-${t.key}`}
              aria-selected={tab === t.key}
              aria-controls="specialist-tab-panel"
              tabIndex={tab === t.key ? 0 : -1}
              onClick={() => setTab(t.key)}
              className={`flex-1 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
                tab === t.key
                  ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
                  : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
              }`}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div id="specialist-tab-panel" role="tabpanel" aria-labelledby={`specialist-tab-${tab}`} className="mt-5">
          {cases.loading && !cases.data ? (
            <LoadingState label="Loading cases..." />
          ) : cases.error && !cases.data ? (
            <ErrorState title="Failed to fetch consults" onRetry={() => void cases.refetch()} />
          ) : shown.length === 0 ? (
            <EmptyState title={current?.empty ?? ''}>{current?.hint}</EmptyState>
          ) : (
            <ul className="space-y-3">
              {shown.map((kase) => (
                <CaseRow
                  key={kase.uuid}
                  kase={kase}
                  onAccept={() => void accept(kase.uuid)}
                  accepting={accepting === kase.uuid}
                  onUpload={(file) => void uploadReport(kase.uuid, file)}
                  uploading={uploading === kase.uuid}
                  onShowFiles={() => setFilesFor(kase.uuid)}
                />
              ))}
            </ul>
          )}
        </div>
      </Card>
      <CaseFilesModal uuid={filesFor} onClose={() => setFilesFor(null)} />
    </>
  );
}
