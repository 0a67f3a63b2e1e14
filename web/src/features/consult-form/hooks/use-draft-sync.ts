import { LIMITS } from '@vetconsult/schema/values';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { toast } from '../../../lib/toasts';
import { type Draft, deleteDraft, fetchDraft, fetchDrafts, saveDraft } from '../api/drafts';
import { type ConsultFormValues, EMPTY_CONSULT, fromDraft, toDraftInput } from './consult-form-values';
import { readLocalDraft, removeLocalDraft, writeLocalDraft } from './draft-storage';

// SPEC §4 "Draft sync": edits auto-save 3 s after the last one, to the server (with the version the
// form is based on) and to the device. At start the draft named by ?draft= is loaded; without one the
// form starts a new draft (issue 22 item 4) and the newest server draft is only offered for resuming,
// while a device copy that never reached the server is restored. A 409 raises the conflict banner; a
// network failure keeps the device copy, which is sent when the browser is back online. A case
// awaiting payment is edited like a draft (issue 22 item 2).

export const CONFLICT_TITLE = 'Draft conflict detected';
export const CONFLICT_TEXT = 'This draft has been updated elsewhere. Please resolve the conflict.';

export type DraftStatus = 'idle' | 'saving' | 'saved' | 'local' | 'conflict' | 'error';

export interface DraftConflict {
  serverVersion: number;
  serverData: Draft | null;
  conflictFields: string[];
}

type SaveMode = 'auto' | 'manual' | 'sync' | 'flush' | 'resolve';
type Saved = { uuid: string; version: number };

interface DraftSyncOptions<T> {
  form: UseFormReturn<ConsultFormValues, unknown, T>;
  userId: number;
  requestedUuid: string | null;
  /** The draft got its uuid (or lost it): the page keeps it in ?draft=. */
  onUuidChange(uuid: string | null): void;
}

const SAVED_LOCALLY = {
  title: 'Saved locally',
  description: 'Draft saved to your device. Please check your connection.',
};

export function useDraftSync<T>({ form, userId, requestedUuid, onUuidChange }: DraftSyncOptions<T>) {
  const [loading, setLoading] = useState(true);
  const [uuid, setUuid] = useState<string | null>(null);
  const [status, setStatus] = useState<DraftStatus>('idle');
  const [lastSavedAt, setLastSavedAt] = useState<Date | null>(null);
  const [conflict, setConflict] = useState<DraftConflict | null>(null);
  /** The server status of the loaded draft: 'draft' or 'pending_payment' (awaiting payment). */
  const [serverStatus, setServerStatus] = useState<string | null>(null);
  /** The newest server draft, offered for resuming when the form starts a new one. */
  const [resumable, setResumable] = useState<Draft | null>(null);

  const uuidRef = useRef<string | null>(null);
  const versionRef = useRef<number | null>(null);
  const conflictRef = useRef<DraftConflict | null>(null);
  const pausedRef = useRef(false);
  const applyingRef = useRef(false);
  const savingRef = useRef(false);
  const unsyncedRef = useRef(false);
  const statusRef = useRef<DraftStatus>('idle');
  const remoteVersionRef = useRef<number | null>(null);
  const timerRef = useRef<number | undefined>(undefined);
  const chainRef = useRef<Promise<unknown>>(Promise.resolve());
  const onUuidRef = useRef(onUuidChange);
  onUuidRef.current = onUuidChange;

  const setStatusBoth = useCallback((next: DraftStatus) => {
    statusRef.current = next;
    setStatus(next);
  }, []);

  const setIdentity = useCallback((nextUuid: string | null, version: number | null) => {
    const changed = uuidRef.current !== nextUuid;
    uuidRef.current = nextUuid;
    versionRef.current = version;
    setUuid(nextUuid);
    if (changed) onUuidRef.current(nextUuid);
  }, []);

  const showConflict = useCallback(
    (next: DraftConflict) => {
      conflictRef.current = next;
      setConflict(next);
      setStatusBoth('conflict');
      toast({ title: CONFLICT_TITLE, description: CONFLICT_TEXT, variant: 'destructive' });
    },
    [setStatusBoth],
  );

  /** Replaces the form's values without counting it as an edit. */
  const apply = useCallback(
    (values: ConsultFormValues) => {
      applyingRef.current = true;
      form.reset(values);
      applyingRef.current = false;
    },
    [form],
  );

  const storeLocally = useCallback(
    (values: ConsultFormValues, unsynced: boolean) => {
      unsyncedRef.current = unsynced;
      writeLocalDraft(userId, {
        uuid: uuidRef.current,
        version: versionRef.current,
        values,
        savedAt: Date.now(),
        unsynced,
      });
    },
    [userId],
  );

  const savedLocallyOnly = useCallback(
    (mode: SaveMode) => {
      // One toast per disconnection, and on every explicit save.
      if (statusRef.current !== 'local' || mode === 'manual' || mode === 'flush') toast(SAVED_LOCALLY);
      setStatusBoth('local');
    },
    [setStatusBoth],
  );

  /** A save from another tab or device was announced: show the banner with the server's draft. */
  const checkRemote = useCallback(async () => {
    const announced = remoteVersionRef.current;
    const current = uuidRef.current;
    if (announced === null || !current || pausedRef.current || conflictRef.current) return;
    if (versionRef.current !== null && announced <= versionRef.current) {
      remoteVersionRef.current = null;
      return;
    }
    remoteVersionRef.current = null;
    const server = await fetchDraft(current).catch(() => null);
    if (!server || server.uuid !== uuidRef.current || conflictRef.current) return;
    if (versionRef.current !== null && server.version <= versionRef.current) return;
    const mine = form.getValues();
    const theirs = fromDraft(server);
    const fields = (Object.keys(mine) as Array<keyof ConsultFormValues>).filter(
      (field) => JSON.stringify(mine[field]) !== JSON.stringify(theirs[field]),
    );
    showConflict({ serverVersion: server.version, serverData: server, conflictFields: fields });
  }, [form, showConflict]);

  const runSave = useCallback(
    async (mode: SaveMode, retried = false): Promise<Saved | null> => {
      window.clearTimeout(timerRef.current);
      if (pausedRef.current) return null;
      if (conflictRef.current && mode !== 'resolve') return null;
      const values = form.getValues();
      storeLocally(values, true);
      if (!navigator.onLine) {
        savedLocallyOnly(mode);
        return null;
      }
      setStatusBoth('saving');
      savingRef.current = true;
      let result: Awaited<ReturnType<typeof saveDraft>>;
      try {
        result = await saveDraft(uuidRef.current, versionRef.current, toDraftInput(values));
      } catch {
        savingRef.current = false;
        savedLocallyOnly(mode);
        return null;
      }
      savingRef.current = false;
      switch (result.kind) {
        case 'saved': {
          setIdentity(result.draft.uuid, result.draft.version);
          setServerStatus(result.draft.status);
          storeLocally(values, false);
          setLastSavedAt(new Date(result.draft.updatedAt));
          setStatusBoth('saved');
          if (mode === 'manual' || mode === 'sync') toast({ title: 'Draft saved', variant: 'success' });
          void checkRemote();
          return { uuid: result.draft.uuid, version: result.draft.version };
        }
        case 'conflict':
          showConflict({
            serverVersion: result.serverVersion,
            serverData: result.serverData,
            conflictFields: result.conflictFields,
          });
          return null;
        case 'invalid':
          setStatusBoth('error');
          if (mode !== 'auto') {
            toast({ title: 'Draft validation error', description: result.message, variant: 'destructive' });
          }
          return null;
        case 'missing':
          // The draft was deleted or submitted elsewhere: keep the work as a new draft.
          setIdentity(null, null);
          setServerStatus(null);
          return retried ? null : runSave(mode, true);
        case 'failed':
          setStatusBoth('error');
          if (mode !== 'auto') toast({ title: 'Error', description: result.message, variant: 'destructive' });
          return null;
      }
    },
    [form, storeLocally, savedLocallyOnly, setStatusBoth, setIdentity, showConflict, checkRemote],
  );

  /** Saves run one after another, each with the values of its own moment. */
  const save = useCallback(
    (mode: SaveMode): Promise<Saved | null> => {
      const next = chainRef.current.then(() => runSave(mode));
      chainRef.current = next.catch(() => undefined);
      return next;
    },
    [runSave],
  );

  /** Puts a server draft into the form (with the device copy when that one is newer). */
  const load = useCallback(
    (server: Draft) => {
      const local = readLocalDraft(userId);
      const newerHere = local?.uuid === server.uuid && local.unsynced;
      setIdentity(server.uuid, local && newerHere ? (local.version ?? server.version) : server.version);
      setServerStatus(server.status);
      apply(newerHere && local ? local.values : fromDraft(server));
      setLastSavedAt(new Date(server.updatedAt));
      setStatusBoth(newerHere ? 'local' : 'saved');
      unsyncedRef.current = newerHere;
    },
    [userId, apply, setIdentity, setStatusBoth],
  );

  // --- start: ?draft=, else a new draft (the newest is offered), else the device copy ---------------
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per page visit (our own saves change ?draft=)
  useEffect(() => {
    let current = true;
    (async () => {
      let server: Draft | null = null;
      let newest: Draft | null = null;
      try {
        if (requestedUuid) server = await fetchDraft(requestedUuid);
        else newest = (await fetchDrafts())[0] ?? null;
      } catch {
        server = null;
      }
      if (!current) return;
      const local = readLocalDraft(userId);
      let restored = false;
      if (server) {
        load(server);
        restored = true;
      } else if (local && (requestedUuid ? local.uuid === requestedUuid : local.uuid === null)) {
        setIdentity(requestedUuid ? local.uuid : null, requestedUuid ? local.version : null);
        apply(local.values);
        setStatusBoth('local');
        unsyncedRef.current = true;
        restored = true;
      }
      if (restored) toast({ title: 'Draft restored', variant: 'success' });
      else if (newest) setResumable(newest);
      setLoading(false);
      if (unsyncedRef.current && navigator.onLine) void save('sync');
    })();
    return () => {
      current = false;
    };
  }, [userId]);

  // --- autosave: 3000 ms after the last edit ---------------------------------------------------------
  useEffect(() => {
    if (loading) return;
    const subscription = form.watch(() => {
      if (applyingRef.current || pausedRef.current) return;
      window.clearTimeout(timerRef.current);
      timerRef.current = window.setTimeout(() => void save('auto'), LIMITS.draftAutosaveMs);
    });
    return () => {
      subscription.unsubscribe();
      window.clearTimeout(timerRef.current);
    };
  }, [form, loading, save]);

  // --- back online: send what was kept on the device ------------------------------------------------
  useEffect(() => {
    const onOnline = () => {
      if (unsyncedRef.current && !pausedRef.current) void save('sync');
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [save]);

  /** draftChanged: a version above ours was saved elsewhere. */
  const onRemoteSave = useCallback(
    (version: number) => {
      if (versionRef.current !== null && version <= versionRef.current) return;
      remoteVersionRef.current = Math.max(version, remoteVersionRef.current ?? 0);
      // Our own save in flight will answer with this version; look again once it has.
      if (!savingRef.current) void checkRemote();
    },
    [checkRemote],
  );

  const takeServerVersion = useCallback(() => {
    const current = conflictRef.current;
    if (!current) return;
    try {
      if (current.serverData) apply(fromDraft(current.serverData));
      versionRef.current = current.serverVersion;
      conflictRef.current = null;
      setConflict(null);
      storeLocally(form.getValues(), false);
      setStatusBoth('saved');
      toast({ title: 'Conflict resolved', description: 'The server version of the draft is now in the form.' });
    } catch {
      toast({ title: 'Error resolving conflict', variant: 'destructive' });
    }
  }, [apply, form, storeLocally, setStatusBoth]);

  const keepMyChanges = useCallback(async () => {
    const current = conflictRef.current;
    if (!current) return;
    versionRef.current = current.serverVersion;
    conflictRef.current = null;
    setConflict(null);
    const saved = await save('resolve');
    if (saved)
      toast({ title: 'Conflict resolved', description: 'Your changes have been saved over the server version.' });
    else if (!conflictRef.current) {
      toast({ title: 'Error resolving conflict', variant: 'destructive' });
      conflictRef.current = current;
      setConflict(current);
      setStatusBoth('conflict');
    }
  }, [save, setStatusBoth]);

  const clearDraft = useCallback(async () => {
    window.clearTimeout(timerRef.current);
    const current = uuidRef.current;
    try {
      if (current) await deleteDraft(current);
    } catch {
      toast({ title: 'Error deleting draft', variant: 'destructive' });
      return;
    }
    removeLocalDraft(userId);
    unsyncedRef.current = false;
    conflictRef.current = null;
    setConflict(null);
    setIdentity(null, null);
    setServerStatus(null);
    apply(EMPTY_CONSULT);
    setLastSavedAt(null);
    setStatusBoth('idle');
    toast({ title: 'Draft deleted', description: 'The draft consultation has been deleted successfully.' });
  }, [apply, setIdentity, setStatusBoth, userId]);

  /** Stops syncing (the draft has become a case awaiting payment) and forgets the device copy. */
  const stop = useCallback(() => {
    pausedRef.current = true;
    window.clearTimeout(timerRef.current);
    removeLocalDraft(userId);
    unsyncedRef.current = false;
  }, [userId]);

  /** The vet chose to resume the offered draft. */
  const resume = useCallback(async () => {
    const offered = resumable;
    setResumable(null);
    if (!offered) return;
    window.clearTimeout(timerRef.current);
    const server = await fetchDraft(offered.uuid).catch(() => null);
    if (!server) {
      toast({ title: 'Error', description: 'This draft is no longer available.', variant: 'destructive' });
      return;
    }
    load(server);
    toast({ title: 'Draft restored', variant: 'success' });
  }, [resumable, load]);

  /** Holds autosave while the payment is open (the form cannot change behind it). */
  const pause = useCallback(() => {
    pausedRef.current = true;
    window.clearTimeout(timerRef.current);
  }, []);

  /** Editing resumes after an abandoned payment: the case stays the vet's unpaid work. */
  const restart = useCallback(() => {
    pausedRef.current = false;
  }, []);

  return {
    loading,
    uuid,
    serverStatus,
    resumable,
    resume,
    dismissResumable: () => setResumable(null),
    pause,
    restart,
    status,
    lastSavedAt,
    conflict,
    /** Save Now: saves at once and tells the user. */
    saveNow: () => save('manual'),
    /** Saves at once before payment; resolves with the saved draft, or null. */
    flush: () => save('flush'),
    clearDraft,
    takeServerVersion,
    keepMyChanges,
    onRemoteSave,
    stop,
    paused: () => pausedRef.current,
  };
}
