import { lazy, Suspense } from 'react';
import { useUiState } from '@/shared/ui-state/ui-state';
import { usePwaState } from './pwa-state';

const PromptsPanel = lazy(() => import('./prompts-panel'));

/**
 * The install prompt and the new-version prompt, in a corner of every page. Their code loads only
 * when one of them has something to say.
 */
export function PwaPrompts() {
  const { installEvent, needRefresh } = usePwaState();
  const dismissed = useUiState((s) => s.isInstallPromptDismissed);
  if (!needRefresh && !(installEvent && !dismissed)) return null;
  return (
    <Suspense fallback={null}>
      <PromptsPanel />
    </Suspense>
  );
}
