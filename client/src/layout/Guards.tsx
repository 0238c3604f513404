import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { askDiscard, DiscardHost } from '../components/DiscardDialog.tsx';
import { currentPath, dirtyOn, isAfterSave } from '../lib/dirty.ts';
import { getToken } from '../lib/storage.ts';
import { endSession } from '../relay/fetch.ts';
import { keepsAlive } from '../state/visited.ts';

/**
 * Leaving a view whose unsaved input would be lost asks first (docs/ui-kit.md, "Nothing typed is
 * lost"). A kept-alive view (an archive's detail, the two lists) keeps its input while another
 * tab shows, so leaving it does not ask; going to the login page (a session that ended) never
 * waits: the form's draft is kept and offered back after login; nor does a form leaving after it
 * saved (`AFTER_SAVE`).
 */
function DirtyBlocker() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && !nextLocation.pathname.startsWith('/login') && !isAfterSave(nextLocation.state) && !keepsAlive(currentLocation.pathname) && dirtyOn(currentLocation.pathname),
  );
  const asked = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked') {
      asked.current = false;
      return;
    }
    // Asked once per blocked navigation (the blocker object changes on every render).
    if (asked.current) return;
    asked.current = true;
    // A form that saved and then navigated (a new course opening its detail) was still registered
    // when the blocker ran; its dialog has closed since: the navigation goes on without a question.
    if (!dirtyOn(currentPath())) {
      blocker.proceed();
      return;
    }
    void askDiscard().then((discard) => (discard ? blocker.proceed() : blocker.reset()));
  }, [blocker]);
  return null;
}

/**
 * A session ended in another browser tab (a logout there removes the shared token) is noticed
 * here at once through the `storage` event, not at the next save: the page goes to the login
 * page, saying why; what was typed stays as drafts (lib/dirty.ts `useDraft`).
 */
function SessionWatch() {
  const { t } = useTranslation();
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== null && e.key !== 'Admin-Token') return;
      if (!getToken()) endSession(t('client.session.endedElsewhere'));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [t]);
  return null;
}

/** The layout's guards: the route blocker, the session watch and the discard question they ask. */
export function LayoutGuards() {
  return (
    <>
      <DirtyBlocker />
      <SessionWatch />
      <DiscardHost />
    </>
  );
}
