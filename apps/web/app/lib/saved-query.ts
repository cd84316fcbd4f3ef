import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { captureSavedQuery, parseSavedQuery, type SavedQuery, type SavedQueryKey } from '@store/shared/saved-query';
import { SAVED_QUERY_KEY } from './storage-keys.ts';

// Session storage: the saved query lives as long as the visit (spec §3/§5).
const KEY = SAVED_QUERY_KEY;

function read(): SavedQuery {
  try {
    return parseSavedQuery(sessionStorage.getItem(KEY));
  } catch {
    return {};
  }
}

function write(saved: SavedQuery) {
  try {
    if (Object.keys(saved).length) sessionStorage.setItem(KEY, JSON.stringify(saved));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode, quota): the query is simply not remembered.
  }
}

/** Remembers offerId and rollId of every address the visitor opens; mounted once in the layout. */
export function useSavedQueryCapture() {
  const { search } = useLocation();
  useEffect(() => {
    if (!search) return;
    const next = captureSavedQuery(Object.fromEntries(new URLSearchParams(search)), read());
    write(next);
  }, [search]);
}

/** A saved value, removed once read: the page that uses it acts on it once. */
export function takeSavedQuery(key: SavedQueryKey): string | null {
  const saved = read();
  const value = saved[key] ?? null;
  if (value !== null) {
    delete saved[key];
    write(saved);
  }
  return value;
}
