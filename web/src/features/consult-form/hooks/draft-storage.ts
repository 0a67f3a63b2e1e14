import { type ConsultFormValues, withDefaults } from './consult-form-values';

// The device copy of the draft (SPEC §4 "Draft sync"): written with every save, kept as the only
// copy while the server cannot be reached, and read at start when the server has no draft.

export interface LocalDraft {
  uuid: string | null;
  version: number | null;
  values: ConsultFormValues;
  savedAt: number;
  /** true while the server has not received these values. */
  unsynced: boolean;
}

const keyFor = (userId: number) => `vetconsult.consultDraft.${userId}`;

export function readLocalDraft(userId: number): LocalDraft | null {
  try {
    const raw = window.localStorage.getItem(keyFor(userId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<LocalDraft>;
    return {
      uuid: typeof parsed.uuid === 'string' ? parsed.uuid : null,
      version: typeof parsed.version === 'number' ? parsed.version : null,
      values: withDefaults(parsed.values),
      savedAt: typeof parsed.savedAt === 'number' ? parsed.savedAt : 0,
      unsynced: parsed.unsynced === true,
    };
  } catch {
    return null;
  }
}

export function writeLocalDraft(userId: number, draft: LocalDraft): void {
  try {
    window.localStorage.setItem(keyFor(userId), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the server copy remains.
  }
}

export function removeLocalDraft(userId: number): void {
  try {
    window.localStorage.removeItem(keyFor(userId));
  } catch {
    // Nothing to remove.
  }
}
